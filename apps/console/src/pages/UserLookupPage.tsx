export function UserLookupPage() { return null; }
