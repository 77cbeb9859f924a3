export * from './edge.module';
export * from './edge-servers';
export * from './admin/admin.module';
export { buildPublicOpenApiDocument } from './public-api/public-openapi';
