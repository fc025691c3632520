import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Whether PostgreSQL answers now (GET /health), and whether its schema is this version's (GET /health/ready). */
@Injectable()
export class DatabaseProbe {
  /** Once every migration this version knows has run, it stays so (a newer node only adds more). */
  private migrated = false;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Every migration this version knows is recorded as run. False when PostgreSQL cannot tell. */
  async migrationsCurrent(): Promise<boolean> {
    if (this.migrated) return true;
    try {
      const rows = (await this.db.query('SELECT name FROM migrations')) as Array<{ name: string }>;
      const ran = new Set(rows.map((r) => r.name));
      this.migrated = this.db.migrations.every((m) => ran.has(m.name ?? m.constructor.name));
      return this.migrated;
    } catch {
      return false;
    }
  }

  async answers(): Promise<boolean> {
    try {
      await this.db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
