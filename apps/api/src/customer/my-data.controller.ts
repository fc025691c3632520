import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { helsinkiParts, myDataFileName } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import { cspNonceOf } from '../platform/http/security-headers.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { renderMyDataPage } from './my-data-page.js';
import { MyDataService } from './my-data.service.js';
import { MY_DATA_SCHEMA } from './customer-schemas.js';

/** 'Lataa omat tietoni' on /profile: the customer's data as a JSON file, and the same as a printable page. */
@ApiTags('customer')
@Controller()
export class MyDataController {
  constructor(private readonly myData: MyDataService) {}

  @Get('my-data')
  @Roles('customer')
  @ApiOkResponse({ schema: MY_DATA_SCHEMA, description: 'A JSON attachment resepti-omat-tiedot-YYYY-MM-DD.json: profile, consents, orders with items and decisions, payments, feedback, SMS messages, access log. Audited.' })
  @ApiOperation({ summary: "Download the customer's own data" })
  async download(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { data } = await this.myData.export(user.id, 'json');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename=${myDataFileName(helsinkiParts(new Date()))}`);
    res.setHeader('Cache-Control', 'no-store');
    return JSON.stringify(data, null, 2);
  }

  @Get('my-data/page')
  @Roles('customer')
  @ApiProduces('text/html')
  @ApiOkResponse({ schema: { type: 'string' }, description: "The same data as GET /my-data as a printable HTML page, in the account's language (fi, sv or en). Audited." })
  @ApiOperation({ summary: "The customer's own data as a readable page" })
  async page(@CurrentUser() user: SessionUser, @Res({ passthrough: true }) res: Response): Promise<string> {
    const { data, language } = await this.myData.export(user.id, 'html');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    return renderMyDataPage(data, language, cspNonceOf(res));
  }
}
