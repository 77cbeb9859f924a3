export function DeviceLookupPage() { return null; }
