export { remuxTsToMp4 } from './mp4/remux-ts-to-mp4';
export { UnsupportedMediaError } from './mp4/unsupported-media-error';
