import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from './platform/audit/audit.module.js';
import { AuthModule } from './accounts/auth.module.js';
import { CatalogueModule } from './catalogue/catalogue.module.js';
import { HttpExceptionFilter } from './platform/http/http-exception.filter.js';
import { RouteRolesCheck } from './accounts/route-roles.check.js';
import { APP_CONFIG, type AppConfig } from './platform/config/config.js';
import { CustomerModule } from './customer/customer.module.js';
import { FhirModule } from './fhir/fhir.module.js';
import { IntegratorModule } from './integrator/integrator.module.js';
import { dataSourceOptions } from './platform/database/data-source-options.js';
import { DATABASE_URL } from './platform/database/database.tokens.js';
import { DoctorModule } from './doctor/doctor.module.js';
import { DatabaseProbe } from './platform/database/database-probe.js';
import { HealthController } from './health/health.controller.js';
import { ShutdownState } from './health/shutdown-state.js';
import { EventsModule } from './platform/events/events.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { NoticesModule } from './notices/notices.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PharmacyModule } from './pharmacy/pharmacy.module.js';
import { PrescriptionCentreModule } from './prescription-centre/prescription-centre.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl, config.databasePoolSize, config.databaseRole, config.auditChainKey), autoLoadEntities: true }),
        DiscoveryModule,
        EventsModule,
        AuthModule,
        AuditModule,
        RealtimeModule,
        CatalogueModule,
        PrescriptionCentreModule,
        OrdersModule,
        NoticesModule,
        DoctorModule,
        PharmacyModule,
        CustomerModule,
        PaymentsModule,
        IntegratorModule,
        FhirModule,
        NotificationsModule,
        MetricsModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_URL, useValue: databaseUrl },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        RouteRolesCheck,
        DatabaseProbe,
        ShutdownState,
      ],
      exports: [APP_CONFIG, DATABASE_URL],
    };
  }
}
