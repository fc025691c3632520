import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { VALIDATION_MESSAGES } from '@resepti/domain';

export class EmailLoginDto {
  @ApiProperty({ example: 'laakari@example.fi' })
  @IsString({ message: VALIDATION_MESSAGES.emailMissing })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.emailMissing })
  @MaxLength(254, { message: VALIDATION_MESSAGES.emailTooLong })
  email!: string;
  /** @example 'Laakari123' */
  @IsString({ message: VALIDATION_MESSAGES.passwordMissing })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.passwordMissing })
  @MaxLength(200, { message: 'Salasana on liian pitkä' })
  password!: string;
}

export class UsernameLoginDto {
  /** @example 'apteekki' */
  @IsString({ message: 'Käyttäjätunnus puuttuu' })
  @IsNotEmpty({ message: 'Käyttäjätunnus puuttuu' })
  @MaxLength(100, { message: 'Käyttäjätunnus on liian pitkä' })
  username!: string;
  /** @example 'Apteekki123' */
  @IsString({ message: VALIDATION_MESSAGES.passwordMissing })
  @IsNotEmpty({ message: VALIDATION_MESSAGES.passwordMissing })
  @MaxLength(200, { message: 'Salasana on liian pitkä' })
  password!: string;
}
