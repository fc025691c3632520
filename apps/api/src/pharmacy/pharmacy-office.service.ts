import { BadRequestException, ForbiddenException, Injectable } from '@nestjs/common';
import { PHARMACY_MESSAGES, type PharmacyOffice as PharmacyOfficeDto } from '@resepti/domain';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import type { SessionUser } from '../platform/http/session-user.js';
import { worksAtOffice } from '../accounts/account-sql.js';
import { PharmacyOffice } from '../accounts/pharmacy-office.entity.js';

export function toPharmacyOfficeDto(office: PharmacyOffice): PharmacyOfficeDto {
  return {
    id: office.id,
    name: office.name,
    level: office.level,
    pharmacyName: office.pharmacy?.name ?? '',
    phone: office.pharmacy?.phone ?? '',
  };
}

/** The offices a pharmacy user works at, and the one selected for this session. */
@Injectable()
export class PharmacyOfficeService {
  constructor(
    @InjectOwn(PharmacyOffice) private readonly officeRows: OwnRepository<PharmacyOffice>,
  ) {}

  /** The user's own offices (with their pharmacy), in id order (in the ambient transaction, if any). */
  async offices(pharmacyUserId: number): Promise<PharmacyOffice[]> {
    return this.officeRows.repo
      .createQueryBuilder('office')
      .innerJoinAndSelect('office.pharmacy', 'pharmacy')
      .where(worksAtOffice(':pharmacyUserId', 'office.id'), { pharmacyUserId })
      .orderBy('office.id')
      .getMany();
  }

  /** One of the user's own offices, or null when the office is not theirs (or does not exist). */
  async ownOffice(pharmacyUserId: number, officeId: number | undefined): Promise<PharmacyOffice | null> {
    if (!officeId) return null;
    return (await this.offices(pharmacyUserId)).find((o) => o.id === officeId) ?? null;
  }

  /** The session's office; 400 when none is selected (or it is no longer the user's). */
  async requireOffice(user: SessionUser, officeId: number | undefined): Promise<PharmacyOffice> {
    const office = await this.ownOffice(user.id, officeId);
    if (!office) throw new BadRequestException(PHARMACY_MESSAGES.officeNotSelected);
    return office;
  }

  /** Checks that the office is the user's own (403 otherwise, nothing changes); the caller stores the id in the session. */
  async select(user: SessionUser, officeId: number): Promise<PharmacyOffice> {
    const office = await this.ownOffice(user.id, officeId);
    if (!office) throw new ForbiddenException(PHARMACY_MESSAGES.officeNotYours);
    return office;
  }
}
