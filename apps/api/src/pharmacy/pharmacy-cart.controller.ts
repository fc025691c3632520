import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { DeliveryOptionDto, Patient, PharmacyCart, PharmacySendResult } from '@resepti/domain';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { AddCartItemDto, DeliveryOptionDto as DeliveryOptionBody, SendCartDto } from './dto/cart.dto.js';
import { PatientInfoDto } from './dto/patient-info.dto.js';
import { PharmacyCartService, deliveryOptions } from './pharmacy-cart.service.js';
import { WebPatientSchema } from '../platform/http/web-api-schemas.js';
import { PharmacyCartSchema, PharmacyDeliveryOptionSchema, PharmacySendResultSchema } from './pharmacy-schemas.js';

/** The pharmacist's order in the making: patient, medicines, handling option, send. */
@ApiTags('pharmacy')
@Controller()
export class PharmacyCartController {
  constructor(private readonly carts: PharmacyCartService) {}

  @Post('patient-info')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: WebPatientSchema, description: 'The patient becomes the cart’s patient (shared by all sessions of the user); another patient than the current one empties the cart.' })
  @ApiBadRequestResponse({ description: "'Tarkista henkilöturvatunnus' or a missing name; nothing is stored." })
  @ApiOperation({ summary: "Set the cart's patient" })
  patientInfo(@CurrentUser() user: SessionUser, @Req() req: Request, @Body() body: PatientInfoDto): Promise<Patient> {
    return this.carts.setPatient(user, body, req.session.officeId);
  }

  @Get('delivery-options')
  @Roles('pharmacy')
  @ApiOkResponse({ type: [PharmacyDeliveryOptionSchema], description: 'The pharmacy handling options with Finnish labels and prices in cents.' })
  @ApiOperation({ summary: 'The handling options and their prices' })
  deliveryOptions(): DeliveryOptionDto[] {
    return deliveryOptions();
  }

  @Post('pharmacy-shopping-cart/delivery-option')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: PharmacyCartSchema, description: 'The cart with the chosen option.' })
  @ApiConflictResponse({ description: "'Potilas on vaihtunut…': the cart's patient is not the patientHetu given." })
  @ApiOperation({ summary: 'Choose the handling option' })
  setDeliveryOption(@CurrentUser() user: SessionUser, @Body() body: DeliveryOptionBody): Promise<PharmacyCart> {
    return this.carts.setDeliveryOption(user, body);
  }

  @Post('pharmacy-shopping-cart/item')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: PharmacyCartSchema, description: 'The cart with the new medicine.' })
  @ApiBadRequestResponse({ description: 'Unknown or unavailable product, or a narcotic/PKV medicine that cannot be renewed.' })
  @ApiConflictResponse({ description: "The medicine is already in the cart, or 'Potilas on vaihtunut…' (the cart's patient is not the patientHetu given)." })
  @ApiOperation({ summary: 'Add a medicine to the cart' })
  addItem(@CurrentUser() user: SessionUser, @Body() body: AddCartItemDto): Promise<PharmacyCart> {
    return this.carts.addItem(user, body);
  }

  @Get('pharmacy-user-shopping-cart')
  @Roles('pharmacy')
  @ApiOkResponse({ type: PharmacyCartSchema, description: 'The cart: {items, deliveryOptionId, patient, totalPriceCents}.' })
  @ApiOperation({ summary: "The pharmacist's cart" })
  cart(@CurrentUser() user: SessionUser, @Req() req: Request): Promise<PharmacyCart> {
    return this.carts.cart(user, req.session.officeId);
  }

  @Post('pharmacy-user-shopping-cart/clear')
  @Roles('pharmacy')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Cancels the order in the making: medicines, option and the current patient are forgotten.' })
  @ApiOperation({ summary: 'Cancel the order in the making' })
  clear(@CurrentUser() user: SessionUser): Promise<void> {
    return this.carts.clear(user);
  }

  @Post('pharmacy-shopping-cart/send')
  @Roles('pharmacy')
  @HttpCode(200)
  @ApiOkResponse({ type: PharmacySendResultSchema, description: 'One waiting order was created; the cart is empty and the patient forgotten.' })
  @ApiBadRequestResponse({ description: 'No office selected, no patient, no medicines or no handling option; nothing is created.' })
  @ApiConflictResponse({ description: "'Potilas on vaihtunut…': the cart's patient is not the patientHetu given; nothing is created." })
  @ApiOperation({ summary: 'Send the cart to the doctors as one order' })
  send(@CurrentUser() user: SessionUser, @Req() req: Request, @Body() body: SendCartDto): Promise<PharmacySendResult> {
    return this.carts.send(user, { officeId: req.session.officeId, patientHetu: body?.patientHetu });
  }
}
