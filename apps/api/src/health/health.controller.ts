import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { Public } from '../auth/roles.decorator.js';

export interface HealthResponse {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
}

/** GET /health (outside /ui-api/v1): 200 when the database answers, 503 otherwise. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  @Public()
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthResponse> {
    try {
      await this.db.query('SELECT 1');
      return { status: 'ok', database: 'up' };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'degraded', database: 'down' };
    }
  }
}
