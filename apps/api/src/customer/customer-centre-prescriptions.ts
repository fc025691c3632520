import { Controller, Get, Inject, Injectable, Logger } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { renewalOf } from '@resepti/domain';
import { Customer } from '../accounts/customer.entity.js';
import { toProductDto } from '../catalogue/catalogue.service.js';
import { CatalogueService } from '../catalogue/catalogue.service.js';
import { AuditService } from '../platform/audit/audit.service.js';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import { CurrentUser } from '../platform/http/current-user.decorator.js';
import { Roles } from '../platform/http/roles.decorator.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { CentreUnavailable, PRESCRIPTION_CENTRE, type PrescriptionCentre } from '../prescription-centre/prescription-centre.port.js';
import { CustomerCentrePrescriptionsSchema, type RenewableCentrePrescriptionSchema } from './centre-prescription-schemas.js';

/**
 * 'Uusittavat reseptisi': the patient's prescriptions in the Prescription Centre that the rules let
 * them renew (dispensed, within 28/16 months, no curative course, 'ne repete', telephone, special
 * permit, narcotic or PKV: e-prescription-rules.ts) and that the catalogue sells (same VNR package).
 * The read is audited with the patient. A Centre that does not answer leaves the list empty.
 */
@Injectable()
export class CustomerCentrePrescriptions {
  private readonly logger = new Logger('CustomerCentrePrescriptions');

  constructor(
    @Inject(PRESCRIPTION_CENTRE) private readonly centre: PrescriptionCentre,
    @InjectOwn(Customer) private readonly customers: OwnRepository<Customer>,
    private readonly catalogue: CatalogueService,
    private readonly audit: AuditService,
  ) {}

  async renewable(customerId: number, now = new Date()): Promise<CustomerCentrePrescriptionsSchema> {
    const customer = await this.customers.repo.findOneByOrFail({ id: customerId });
    let held;
    try {
      held = await this.centre.prescriptionsOf(customer.hetu);
    } catch (error) {
      if (!(error instanceof CentreUnavailable)) throw error;
      this.logger.warn(`the renewal chat's offer is empty: ${error.message}`);
      return { centreAvailable: false, prescriptions: [] };
    }
    await this.audit.record({ role: 'customer', id: customerId }, { action: 'prescription-centre.read', patientHetu: customer.hetu, details: { prescriptions: held.length } });
    const renewable = held.map((p) => ({ p, renewal: renewalOf(p, now) })).filter(({ p, renewal }) => renewal.renewable && p.medication.vnr);
    const products = await this.catalogue.availableByVnrs([...new Set(renewable.map(({ p }) => p.medication.vnr!))]);
    const byVnr = new Map(products.filter((product) => product.renewable).map((product) => [product.vnr, product]));
    const prescriptions: RenewableCentrePrescriptionSchema[] = [];
    for (const { p, renewal } of renewable) {
      const product = byVnr.get(p.medication.vnr);
      if (!product) continue;
      prescriptions.push({
        id: p.id,
        authoredOn: p.authoredOn,
        prescriber: p.prescriber,
        medicationName: p.medication.name,
        dosageInstruction: p.dosageInstruction,
        validUntil: p.validUntil,
        renewableUntil: renewal.renewableUntil,
        product: toProductDto(product),
      });
    }
    return { centreAvailable: true, prescriptions };
  }
}

@ApiTags('customer')
@Controller()
@Roles('customer')
export class CustomerCentrePrescriptionsController {
  constructor(private readonly offer: CustomerCentrePrescriptions) {}

  @Get('my-centre-prescriptions')
  @ApiOkResponse({ type: CustomerCentrePrescriptionsSchema, description: "The customer's renewable prescriptions in Kanta's Prescription Centre that the catalogue sells" })
  @ApiOperation({ summary: "The renewal chat's offer: 'Uusittavat reseptisi' from the Prescription Centre" })
  renewable(@CurrentUser() user: SessionUser): Promise<CustomerCentrePrescriptionsSchema> {
    return this.offer.renewable(user.id);
  }
}
