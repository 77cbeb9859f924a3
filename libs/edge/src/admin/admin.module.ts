import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AdminController } from './admin.controller';
import { AdminExceptionFilter } from './admin-exception.filter';
import { AdminAudit } from './admin-audit';

/** The operator API on ADMIN_PORT: /admin/v1/* and /admin/v1/openapi.json. */
@Module({ controllers: [AdminController], providers: [AdminAudit, { provide: APP_FILTER, useClass: AdminExceptionFilter }] })
export class AdminModule {}
