import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether PostgreSQL answers now (GET /health). */
@Injectable()
export class DatabaseProbe {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async answers(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
