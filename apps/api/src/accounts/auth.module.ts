import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../platform/audit/audit.module.js';
import { ownRepositories, ownRepositoryTokens, TransactionsModule } from '../platform/database/transactions.js';
import { RedisModule } from '../platform/redis/redis.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { Customer } from './customer.entity.js';
import { Doctor } from './doctor.entity.js';
import { PharmacyOffice } from './pharmacy-office.entity.js';
import { PharmacyUser } from './pharmacy-user.entity.js';
import { Pharmacy } from './pharmacy.entity.js';
import { CsrfProtection } from './csrf.js';
import { CustomerLocalStrategy, DoctorLocalStrategy, PharmacistLocalStrategy } from './local.strategies.js';
import { LoginCounter } from './login-counter.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { MfaController } from './mfa.controller.js';
import { MfaService } from './mfa.service.js';
import { StaffRecoveryCode, StaffTotp } from './staff-totp.entity.js';
import { RolesGuard } from './roles.guard.js';
import { SessionMiddleware } from './session.middleware.js';
import { SessionSerializer } from './session.serializer.js';
import { SessionsService } from './sessions.service.js';

/** The user tables the role modules keep (their own profile, a pharmacy's users and offices), shared as accounts' repositories. */
const SHARED_ACCOUNT_ENTITIES = [Customer, Doctor, PharmacyUser, Pharmacy, PharmacyOffice];

@Module({
  imports: [TypeOrmModule.forFeature([Customer, Doctor, PharmacyUser, Pharmacy, PharmacyOffice, LoginCounter, StaffTotp, StaffRecoveryCode]), TransactionsModule, AuditModule, RedisModule, PassportModule.register({ session: true })],
  controllers: [AuthController, MfaController],
  providers: [
    AuthService,
    MfaService,
    LoginThrottle,
    CsrfProtection,
    SessionMiddleware,
    SessionSerializer,
    SessionsService,
    CustomerLocalStrategy,
    DoctorLocalStrategy,
    PharmacistLocalStrategy,
    { provide: APP_GUARD, useClass: RolesGuard },
    ...ownRepositories([Customer, Doctor, PharmacyUser, Pharmacy, PharmacyOffice, LoginCounter, StaffTotp, StaffRecoveryCode]),
  ],
  exports: [AuthService, MfaService, LoginThrottle, CsrfProtection, SessionMiddleware, SessionsService, ...ownRepositoryTokens(SHARED_ACCOUNT_ENTITIES)],
})
export class AuthModule {}
