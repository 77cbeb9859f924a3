/**
 * What the MP4 sample entry needs from a sequence parameter set: the displayed size (coded size minus the
 * cropping/conformance window), and for the decoder configuration records the profile, chroma format and bit depths.
 */
import { BitReader, toRbsp } from './bit-reader';

export interface H264SpsInfo {
  readonly width: number;
  readonly height: number;
  readonly profileIdc: number;
  readonly chromaFormatIdc: number;
  readonly bitDepthLumaMinus8: number;
  readonly bitDepthChromaMinus8: number;
}

export interface H265SpsInfo {
  readonly width: number;
  readonly height: number;
  /** general_profile_space … general_level_idc: 12 bytes copied as is into hvcC. */
  readonly profileTierLevel: Buffer;
  readonly chromaFormatIdc: number;
  readonly bitDepthLumaMinus8: number;
  readonly bitDepthChromaMinus8: number;
  readonly maxSubLayers: number;
  readonly temporalIdNesting: boolean;
}

/** Profiles whose SPS carries chroma format, bit depth and scaling matrices (H.264 7.3.2.1.1). */
const H264_HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export function parseH264Sps(nal: Buffer): H264SpsInfo {
  const bits = new BitReader(toRbsp(nal));
  bits.skip(8); // NAL header
  const profileIdc = bits.bits(8);
  bits.skip(16); // constraint flags, level_idc
  bits.ue(); // seq_parameter_set_id
  let chromaFormatIdc = 1;
  let separateColourPlane = 0;
  let bitDepthLumaMinus8 = 0;
  let bitDepthChromaMinus8 = 0;
  if (H264_HIGH_PROFILES.has(profileIdc)) {
    chromaFormatIdc = bits.ue();
    if (chromaFormatIdc === 3) separateColourPlane = bits.bit();
    bitDepthLumaMinus8 = bits.ue();
    bitDepthChromaMinus8 = bits.ue();
    bits.skip(1); // qpprime_y_zero_transform_bypass_flag
    if (bits.bit()) skipH264ScalingMatrix(bits, chromaFormatIdc === 3 ? 12 : 8);
  }
  bits.ue(); // log2_max_frame_num_minus4
  const pictureOrderCountType = bits.ue();
  if (pictureOrderCountType === 0) {
    bits.ue(); // log2_max_pic_order_cnt_lsb_minus4
  } else if (pictureOrderCountType === 1) {
    bits.skip(1);
    bits.se();
    bits.se();
    const cycleLength = bits.ue();
    for (let i = 0; i < cycleLength; i++) bits.se();
  }
  bits.ue(); // max_num_ref_frames
  bits.skip(1); // gaps_in_frame_num_value_allowed_flag
  const widthInMacroblocks = bits.ue() + 1;
  const heightInMapUnits = bits.ue() + 1;
  const frameMbsOnly = bits.bit();
  if (!frameMbsOnly) bits.skip(1); // mb_adaptive_frame_field_flag
  bits.skip(1); // direct_8x8_inference_flag
  let crop = { left: 0, right: 0, top: 0, bottom: 0 };
  if (bits.bit()) crop = { left: bits.ue(), right: bits.ue(), top: bits.ue(), bottom: bits.ue() };
  const chromaArrayType = separateColourPlane ? 0 : chromaFormatIdc;
  const subWidthC = chromaArrayType === 3 ? 1 : 2;
  const subHeightC = chromaArrayType === 1 ? 2 : 1;
  const cropUnitX = chromaArrayType === 0 ? 1 : subWidthC;
  const cropUnitY = (chromaArrayType === 0 ? 1 : subHeightC) * (2 - frameMbsOnly);
  return {
    width: widthInMacroblocks * 16 - cropUnitX * (crop.left + crop.right),
    height: (2 - frameMbsOnly) * heightInMapUnits * 16 - cropUnitY * (crop.top + crop.bottom),
    profileIdc,
    chromaFormatIdc,
    bitDepthLumaMinus8,
    bitDepthChromaMinus8,
  };
}

function skipH264ScalingMatrix(bits: BitReader, listCount: number): void {
  for (let i = 0; i < listCount; i++) {
    if (!bits.bit()) continue;
    const size = i < 6 ? 16 : 64;
    let last = 8;
    let next = 8;
    for (let j = 0; j < size && next !== 0; j++) {
      next = (last + bits.se() + 256) % 256;
      last = next === 0 ? last : next;
    }
  }
}

export function parseH265Sps(nal: Buffer): H265SpsInfo {
  const rbsp = toRbsp(nal);
  const bits = new BitReader(rbsp);
  bits.skip(16); // NAL header
  bits.skip(4); // sps_video_parameter_set_id
  const maxSubLayersMinus1 = bits.bits(3);
  const temporalIdNesting = bits.bit() === 1;
  // general profile_tier_level: 2+1+5 bits, 32 compatibility flags, 48 constraint bits, level: byte aligned.
  const profileTierLevel = Buffer.from(rbsp.subarray(bits.byteOffset, bits.byteOffset + 12));
  bits.skip(96);
  const subLayerProfilePresent: number[] = [];
  const subLayerLevelPresent: number[] = [];
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    subLayerProfilePresent.push(bits.bit());
    subLayerLevelPresent.push(bits.bit());
  }
  if (maxSubLayersMinus1 > 0) bits.skip(2 * (8 - maxSubLayersMinus1));
  for (let i = 0; i < maxSubLayersMinus1; i++) {
    if (subLayerProfilePresent[i]) bits.skip(88);
    if (subLayerLevelPresent[i]) bits.skip(8);
  }
  bits.ue(); // sps_seq_parameter_set_id
  const chromaFormatIdc = bits.ue();
  const separateColourPlane = chromaFormatIdc === 3 ? bits.bit() : 0;
  const codedWidth = bits.ue();
  const codedHeight = bits.ue();
  let window = { left: 0, right: 0, top: 0, bottom: 0 };
  if (bits.bit()) window = { left: bits.ue(), right: bits.ue(), top: bits.ue(), bottom: bits.ue() };
  const chromaArrayType = separateColourPlane ? 0 : chromaFormatIdc;
  const subWidthC = chromaArrayType === 1 || chromaArrayType === 2 ? 2 : 1;
  const subHeightC = chromaArrayType === 1 ? 2 : 1;
  return {
    width: codedWidth - subWidthC * (window.left + window.right),
    height: codedHeight - subHeightC * (window.top + window.bottom),
    profileTierLevel,
    chromaFormatIdc,
    bitDepthLumaMinus8: bits.ue(),
    bitDepthChromaMinus8: bits.ue(),
    maxSubLayers: maxSubLayersMinus1 + 1,
    temporalIdNesting,
  };
}
