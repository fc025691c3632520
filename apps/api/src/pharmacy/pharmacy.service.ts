import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { PharmacyUserInfo, PharmacyUserListEntry } from '@resepti/domain';
import { PharmacyUser } from '../accounts/pharmacy-user.entity.js';

/** A pharmacy user as the admin's list shows it (never the password hash). */
export function toUserListEntry(user: PharmacyUser): PharmacyUserListEntry {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    userLevel: user.userLevel,
    isAdmin: user.userLevel === 'admin',
    pharmacyId: user.pharmacyId,
  };
}

export function toPharmacyUserInfo(user: PharmacyUser & { pharmacy?: { name: string } }): Omit<PharmacyUserInfo, 'sessionIdleMinutes'> {
  return { ...toUserListEntry(user), pharmacyName: user.pharmacy?.name ?? '', officeCount: user.offices?.length ?? 0 };
}

@Injectable()
export class PharmacyService {
  constructor(@InjectRepository(PharmacyUser) private readonly users: Repository<PharmacyUser>) {}

  async userInfo(pharmacyUserId: number): Promise<Omit<PharmacyUserInfo, 'sessionIdleMinutes'>> {
    const user = await this.users.findOne({ where: { id: pharmacyUserId }, relations: { pharmacy: true, offices: true } });
    if (!user) throw new NotFoundException('Käyttäjää ei löydy');
    return toPharmacyUserInfo(user);
  }
}
