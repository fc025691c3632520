import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { IdParam } from '../platform/http/request-input.js';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PHARMACY_HISTORY_PAGE_SIZE, type PharmacyOrder, type PharmacyOrderPage } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { ActiveOrdersQueryDto, OrderHistoryQueryDto } from './dto/order-history.dto.js';
import { PharmacyOrdersService } from './pharmacy-orders.service.js';
import { PharmacyOrderPageSchema, PharmacyOrderSchema } from './pharmacy-schemas.js';

/** The order list of the workbench's right column. */
@ApiTags('pharmacy')
@Controller()
export class PharmacyOrdersController {
  constructor(private readonly orders: PharmacyOrdersService) {}

  @Get('pharmacy-order-history/active')
  @Roles('pharmacy')
  @ApiOkResponse({
    type: [PharmacyOrderSchema],
    description: `Reseptilista: the selected office's orders with prescriptions not yet checked (only those), newest first, at most ?limit (default ${PHARMACY_HISTORY_PAGE_SIZE}).`,
  })
  @ApiBadRequestResponse({ description: 'No office selected, or a bad limit.' })
  @ApiOperation({ summary: 'Reseptilista: orders with prescriptions not yet checked' })
  async active(
    @CurrentUser() user: SessionUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Query() query: ActiveOrdersQueryDto,
  ): Promise<string> {
    const json = await this.orders.active(user, req.session.officeId, query.limit ?? PHARMACY_HISTORY_PAGE_SIZE);
    res.type('json'); // the page comes serialised (ReseptilistaCache): sent as it is
    return json;
  }

  @Get('pharmacy-order-history/history')
  @Roles('pharmacy')
  @ApiOkResponse({
    type: PharmacyOrderPageSchema,
    description: `Historia: all orders of the user's pharmacy, newest first: {data, count, offset, limit}. Paged with ?offset (default 0) and ?limit (default ${PHARMACY_HISTORY_PAGE_SIZE}, at most 100).`,
  })
  @ApiOperation({ summary: "Historia: the pharmacy's orders, paged" })
  history(@CurrentUser() user: SessionUser, @Query() query: OrderHistoryQueryDto): Promise<PharmacyOrderPage> {
    return this.orders.history(user, query.offset ?? 0, query.limit ?? PHARMACY_HISTORY_PAGE_SIZE);
  }

  @Post('check-order-item/:id')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: PharmacyOrderSchema, description: 'The prescription is checked: it leaves Reseptilista and stays in Historia. Returns its order.' })
  @ApiNotFoundResponse({ description: "No such prescription in the user's pharmacy." })
  @ApiConflictResponse({ description: 'The prescription is still undecided, or already checked.' })
  @ApiOperation({ summary: 'Mark a prescription checked' })
  checkItem(
    @CurrentUser() user: SessionUser,
    @IdParam() id: number,
  ): Promise<PharmacyOrder> {
    return this.orders.checkItem(user, id);
  }
}
