import { isValidRegistryNumber, isValidIban, isValidBic } from '../../src/domain/belgian.ts';
const mk = (base: string, y2k: boolean) => { const n = BigInt((y2k ? '2' : '') + base); const c = 97n - (n % 97n); return base + String(c).padStart(2, '0'); };
const a = mk('850730033', false), b = mk('170730033', true);
console.log(a, isValidRegistryNumber(a), isValidRegistryNumber(a, '1985-07-30'), isValidRegistryNumber(a, '1985-07-31'), isValidRegistryNumber(a, '2085-07-30'));
console.log(b, isValidRegistryNumber(b), isValidRegistryNumber(b, '2017-07-30'), isValidRegistryNumber(b, '1917-07-30'));
console.log(isValidRegistryNumber('85073003328'), isValidIban('BE68 5390 0754 7034'), isValidIban('BE68539007547035'), isValidIban('NL91ABNA0417164300'), isValidIban('FR1420041010050500013M02606'), isValidBic('GEBABEBB'), isValidBic('GKCCBEBB1'), isValidIban('BE71 0961 2345 6769'));
