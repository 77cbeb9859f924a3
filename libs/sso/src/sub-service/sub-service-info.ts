/** Spec 2.7 as the gateway returns it (`data` of center.getServerInfo). */
export interface SubServiceInfoRecord {
  userId: number;
  subtoken: string;
  area: string;
  tag: string;
  storeTag: string;
  alexaTag: string;
  rekognitionTag: string;
  url: string;
  sendMsgUrl: string;
  sendMsgUrlSecure: string;
  storeUrl: string;
  alexaUrl: string;
  channelCount: number;
}

/** The same address in its http:// and https:// forms ('' stays ''). */
export function withScheme(address: string, scheme: 'http' | 'https'): string {
  return address.replace(/^https?:/, `${scheme}:`);
}
