import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminController } from './admin.controller';
import { AdminExceptionFilter } from './admin-exception.filter';
import { AdminAudit } from './admin-audit';
import { AdminChangeLimits } from './admin-change-limits';
import { PublicTrafficWindow } from '../http/public-traffic';

/**
 * The operator API on ADMIN_PORT: /admin/v1/* and /admin/v1/openapi.json. PublicTrafficWindow is fed by the
 * public server's hook (edge-servers.ts takes it from this app) and read by the overview.
 */
@Module({ controllers: [AdminController], providers: [AdminAudit, AdminChangeLimits, { provide: PublicTrafficWindow, useFactory: () => new PublicTrafficWindow() }, { provide: APP_FILTER, useClass: AdminExceptionFilter }] })
export class AdminModule {}
