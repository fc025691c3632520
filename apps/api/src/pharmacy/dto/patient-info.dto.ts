import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { MESSAGES, PHARMACY_MESSAGES, VALIDATION_MESSAGES, type Patient } from '@resepti/domain';
import { Trim } from './trim.js';

/** POST /patient-info: the patient the pharmacist is serving. The hetu's check character is verified by the service. */
export class PatientInfoDto implements Patient {
  @ApiProperty({ example: 'Matti' })
  @Trim()
  @IsString({ message: VALIDATION_MESSAGES.firstNameRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.firstNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  firstName!: string;

  @ApiProperty({ example: 'Meikäläinen' })
  @Trim()
  @IsString({ message: VALIDATION_MESSAGES.lastNameRequired })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.lastNameRequired })
  @MaxLength(100, { message: PHARMACY_MESSAGES.nameTooLong })
  lastName!: string;

  @ApiProperty({ example: '121212-913Y', description: 'Finnish personal identity code, 11 characters with a valid check character' })
  @IsString({ message: MESSAGES.hetuInvalid })
  hetu!: string;
}
