import { Body, ConflictException, Controller, Get, HttpCode, NotFoundException, Post, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiConflictResponse, ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Response } from 'express';
import type { DataSource } from 'typeorm';
import { CUSTOMER_MESSAGES as M, type FeedbackQuestion } from '@resepti/domain';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import type { SessionUser } from '../auth/session-user.js';
import { isUniqueViolation } from '../database/errors.js';
import { CustomerFeedback } from './customer-feedback.entity.js';

export class FeedbackDto {
  @ApiPropertyOptional({ description: 'The handled order the question was about' })
  @IsOptional()
  @IsInt({ message: M.orderNotFound })
  orderId?: number;

  @ApiProperty({ minimum: 1, maximum: 5 })
  @IsInt({ message: M.feedbackScore })
  @Min(1, { message: M.feedbackScore })
  @Max(5, { message: M.feedbackScore })
  score!: number;

  @ApiProperty({ example: 'Nopea ja helppo palvelu.' })
  @IsString({ message: M.feedbackTooLong })
  @MaxLength(2000, { message: M.feedbackTooLong })
  feedbackText!: string;
}

/** Feedback: asked once per order handled within the last 24 hours (the modal after a recent decision). */
@ApiTags('customer')
@Controller('my-feedback-question')
@Roles('customer')
export class CustomerFeedbackController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get()
  @ApiOkResponse({ description: '{orderId, question}: the latest order delivered within 24 h without feedback' })
  @ApiNoContentResponse({ description: 'Nothing to ask now' })
  async question(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<FeedbackQuestion | undefined> {
    const [row] = (await this.db.query(
      `SELECT o.id FROM orders o
        WHERE o.customer_id = $1 AND o.delivery_status = 'delivered' AND o.delivery_time > now() - interval '24 hours'
          AND NOT EXISTS (SELECT 1 FROM customer_feedback f WHERE f.customer_id = $1 AND f.order_id = o.id)
        ORDER BY o.delivery_time DESC LIMIT 1`,
      [user.id],
    )) as Array<{ id: number }>;
    if (!row) {
      res.status(204);
      return undefined;
    }
    return { orderId: row.id, question: M.feedbackQuestion };
  }

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved' })
  @ApiConflictResponse({ description: 'Feedback on this order was given already' })
  async give(@CurrentUser() user: SessionUser, @Body() body: FeedbackDto): Promise<void> {
    if (body.orderId !== undefined) {
      const own = (await this.db.query(`SELECT 1 FROM orders WHERE id = $1 AND customer_id = $2 AND delivery_status = 'delivered'`, [body.orderId, user.id])) as unknown[];
      if (own.length === 0) throw new NotFoundException(M.orderNotFound);
    }
    try {
      await this.db.getRepository(CustomerFeedback).insert({ customerId: user.id, orderId: body.orderId ?? null, score: body.score, feedbackText: body.feedbackText.trim() });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictException(M.feedbackGiven);
      throw err;
    }
  }
}
