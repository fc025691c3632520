import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '../platform/http/optional.js';
import type { Request, Response } from 'express';
import { responseLanguage } from '../platform/http/response-language.js';
import { CUSTOMER_MESSAGES as M, type FeedbackQuestion } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CustomerFeedbackService, FEEDBACK_WITHOUT_ORDER_PER_DAY } from './customer-feedback.service.js';
import { FeedbackQuestionSchema } from './customer-schemas.js';

export class FeedbackDto {
  @ApiPropertyOptional({ description: 'The handled order the question was about' })
  @Optional()
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
  constructor(private readonly feedback: CustomerFeedbackService) {}

  @Get()
  @ApiOkResponse({ type: FeedbackQuestionSchema, description: '{orderId, question}: the latest order delivered within 24 h without feedback' })
  @ApiNoContentResponse({ description: 'Nothing to ask now' })
  @ApiOperation({ summary: 'The feedback question to ask now' })
  async question(@CurrentUser() user: SessionUser, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<FeedbackQuestion | undefined> {
    const question = await this.feedback.question(user.id, responseLanguage(req));
    if (!question) res.status(204);
    return question ?? undefined;
  }

  @Post()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Saved' })
  @ApiConflictResponse({ description: 'Feedback on this order was given already' })
  @ApiNotFoundResponse({ description: 'Not a handled order of this customer' })
  @ApiTooManyRequestsResponse({ description: `Feedback without an order: at most ${FEEDBACK_WITHOUT_ORDER_PER_DAY} per customer in 24 hours` })
  @ApiOperation({ summary: 'Give feedback' })
  give(@CurrentUser() user: SessionUser, @Body() body: FeedbackDto): Promise<void> {
    return this.feedback.give(user.id, body);
  }
}
