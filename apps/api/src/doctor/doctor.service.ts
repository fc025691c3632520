import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DoctorInfo } from '@resepti/domain';
import { Doctor } from './doctor.entity.js';

@Injectable()
export class DoctorService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async info(doctorId: number): Promise<Omit<DoctorInfo, 'sessionIdleMinutes'>> {
    const doctor = await this.db.getRepository(Doctor).findOneBy({ id: doctorId });
    if (!doctor) throw new NotFoundException('Lääkäriä ei löydy');
    return { id: doctor.id, email: doctor.email, firstName: doctor.firstName, lastName: doctor.lastName };
  }
}
