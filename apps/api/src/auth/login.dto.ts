import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class EmailLoginDto {
  @ApiProperty({ example: 'laakari@example.fi' })
  @IsString({ message: 'Sähköposti puuttuu' })
  @IsNotEmpty({ message: 'Sähköposti puuttuu' })
  @MaxLength(254, { message: 'Sähköposti on liian pitkä' })
  email!: string;

  @ApiProperty({ example: 'Laakari123' })
  @IsString({ message: 'Salasana puuttuu' })
  @IsNotEmpty({ message: 'Salasana puuttuu' })
  @MaxLength(200, { message: 'Salasana on liian pitkä' })
  password!: string;
}

export class UsernameLoginDto {
  @ApiProperty({ example: 'apteekki' })
  @IsString({ message: 'Käyttäjätunnus puuttuu' })
  @IsNotEmpty({ message: 'Käyttäjätunnus puuttuu' })
  @MaxLength(100, { message: 'Käyttäjätunnus on liian pitkä' })
  username!: string;

  @ApiProperty({ example: 'Apteekki123' })
  @IsString({ message: 'Salasana puuttuu' })
  @IsNotEmpty({ message: 'Salasana puuttuu' })
  @MaxLength(200, { message: 'Salasana on liian pitkä' })
  password!: string;
}
