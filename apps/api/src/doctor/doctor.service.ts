import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { DoctorInfo } from '@resepti/domain';
import { Doctor } from '../accounts/doctor.entity.js';

@Injectable()
export class DoctorService {
  constructor(@InjectRepository(Doctor) private readonly doctors: Repository<Doctor>) {}

  async info(doctorId: number): Promise<Omit<DoctorInfo, 'sessionIdleMinutes'>> {
    const doctor = await this.doctors.findOneBy({ id: doctorId });
    if (!doctor) throw new NotFoundException('Lääkäriä ei löydy');
    return { id: doctor.id, email: doctor.email, firstName: doctor.firstName, lastName: doctor.lastName, registerNumber: doctor.registerNumber };
  }
}
