export function UserSearchPage() { return null; }
