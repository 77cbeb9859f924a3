export { remuxTsToMp4 } from './remux-ts-to-mp4';
export { UnsupportedMediaError } from './unsupported-media-error';
