import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminController } from './admin.controller';
import { AdminExceptionFilter } from './admin-exception.filter';
import { AdminAudit } from './admin-audit';
import { AdminChangeLimits } from './admin-change-limits';

/** The operator API on ADMIN_PORT: /admin/v1/* and /admin/v1/openapi.json. */
@Module({ controllers: [AdminController], providers: [AdminAudit, AdminChangeLimits, { provide: APP_FILTER, useClass: AdminExceptionFilter }] })
export class AdminModule {}
