import { describe, expect, it } from "vitest";
import {
  alignmentPositions,
  dataCodewords,
  encodeQr,
  penaltyScore,
  qrSvgPath,
  reedSolomonDivisor,
  reedSolomonRemainder,
} from "./qr-code";

// Reference matrices produced by an independent encoder (python-qrcode 8.2) for the same text, error
// correction level, version and mask: ours must match module for module.
const RIFAZO_V1_M_MASK2 = [
  "111111100101001111111",
  "100000100000101000001",
  "101110101010101011101",
  "101110101001101011101",
  "101110101011101011101",
  "100000101110101000001",
  "111111101010101111111",
  "000000001001100000000",
  "101111100000101111100",
  "001010000100100100001",
  "001100110001010011110",
  "001110010100000111101",
  "001011111011010010000",
  "000000001001111101110",
  "111111100010101100010",
  "100000101001111011101",
  "101110101010100010010",
  "101110101000100110100",
  "101110101011010001100",
  "100000100010000111100",
  "111111101101010111010",
];

const OTPAUTH = "otpauth://totp/Rifazo:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Rifazo";
const OTPAUTH_V5_M_MASK5 = [
  "1111111000101100101001000111001111111",
  "1000001011101101100000000100001000001",
  "1011101010111000101101111001001011101",
  "1011101010110011110111101100001011101",
  "1011101001100110111111010101101011101",
  "1000001001110001010000101100101000001",
  "1111111010101010101010101010101111111",
  "0000000011110011100000110011100000000",
  "1000001010110100001010110100111001110",
  "1111100000001110001100110100011111110",
  "0000001111010010000011100001010110011",
  "0000110111111101100000111010010101001",
  "0100011110010010101100111000111100001",
  "1101000010011011111110110001000000000",
  "0001111011000101110011100101000011011",
  "0101000111110001111000001000111001100",
  "0110011100100111100100100011001101101",
  "1010010101001100011110110010110101010",
  "1100101010101101000111010001000001101",
  "1111010010000010001110001000110000010",
  "0111111000101101110000011111111110110",
  "1001010100101011001100010011010010110",
  "1011011011100111101010001001001000011",
  "0100000111101111100000011000110011010",
  "1010011010111110111110101101101010011",
  "1100110100001010100110110010101101100",
  "1010111100010000011011001001011010011",
  "1000110010000011000010110000101011111",
  "1001001100000100110100100111111111010",
  "0000000010110011011111011111100011000",
  "1111111001011111000111010110101010101",
  "1000001001101110111000110001100011011",
  "1011101000110110100101111011111110111",
  "1011101001001010111100011101011000001",
  "1011101000000011110001101100100101111",
  "1000001000100010000100101001011001001",
  "1111111011111111100100011000111011101",
];

const rows = (modules: boolean[][]) => modules.map((row) => row.map((dark) => (dark ? "1" : "0")).join(""));

describe("encodeQr", () => {
  it("matches a reference version 1 symbol", () => {
    const qr = encodeQr("Rifazo", { errorCorrection: "M", mask: 2 });
    expect(qr.version).toBe(1);
    expect(qr.size).toBe(21);
    expect(rows(qr.modules)).toEqual(RIFAZO_V1_M_MASK2);
  });

  it("matches a reference otpauth URI symbol (version 5, several blocks)", () => {
    const qr = encodeQr(OTPAUTH, { errorCorrection: "M", mask: 5 });
    expect(qr.version).toBe(5);
    expect(rows(qr.modules)).toEqual(OTPAUTH_V5_M_MASK5);
  });

  it("picks the smallest version that holds the data", () => {
    // Version 1-M holds 14 bytes in byte mode, version 2-M holds 26.
    expect(encodeQr("a".repeat(14)).version).toBe(1);
    expect(encodeQr("a".repeat(15)).version).toBe(2);
    expect(dataCodewords(1, "M")).toBe(16);
    expect(dataCodewords(40, "L")).toBe(2956);
  });

  it("chooses the mask with the lowest penalty when none is forced", () => {
    const auto = encodeQr(OTPAUTH);
    const scores = Array.from({ length: 8 }, (_, mask) => penaltyScore(encodeQr(OTPAUTH, { mask }).modules));
    expect(penaltyScore(auto.modules)).toBe(Math.min(...scores));
  });

  it("refuses text longer than version 40 can hold", () => {
    expect(() => encodeQr("x".repeat(3000))).toThrow(RangeError);
  });
});

describe("building blocks", () => {
  it("places alignment patterns as the standard's table", () => {
    expect(alignmentPositions(1)).toEqual([]);
    expect(alignmentPositions(7)).toEqual([6, 22, 38]);
    expect(alignmentPositions(32)).toEqual([6, 34, 60, 86, 112, 138]);
  });

  it("computes Reed-Solomon remainders that make each block a multiple of the generator", () => {
    const divisor = reedSolomonDivisor(10);
    const data = [
      0x40, 0x56, 0x96, 0x66, 0x17, 0xa6, 0xf0, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec, 0x11, 0xec,
    ];
    const ecc = reedSolomonRemainder(data, divisor);
    expect(ecc).toHaveLength(10);
    expect(reedSolomonRemainder([...data, ...ecc], divisor)).toEqual(new Array(10).fill(0));
  });

  it("draws one square per dark module inside the quiet zone", () => {
    const qr = encodeQr("Rifazo", { mask: 2 });
    const path = qrSvgPath(qr);
    const dark = qr.modules.flat().filter(Boolean).length;
    expect(path.match(/M/g)?.length).toBe(dark);
    expect(path.startsWith("M4 4h1v1h-1z")).toBe(true);
  });
});
