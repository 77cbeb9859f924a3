export function OutboxBacklog() { return null; }
