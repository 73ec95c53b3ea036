import ganache from 'ganache';
import { readFileSync } from 'node:fs';
import { createPublicClient, custom, defineChain, encodeDeployData, encodeFunctionData, getContractAddress, decodeErrorResult, BaseError } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
const art = JSON.parse(readFileSync('contracts/BondToken.json','utf8'));
const key = generatePrivateKey();
const provider = ganache.provider({ logging: { quiet: true }, wallet: { accounts: [{ secretKey: key, balance: '0x3635C9ADC5DEA00000' }] }, chain: { chainId: 1337 } } as any);
const chain = defineChain({ id: 1337, name: 't', nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 }, rpcUrls: { default: { http: ['http://x'] } } });
const pub = createPublicClient({ chain, transport: custom(provider as any) });
const acct = privateKeyToAccount(key);
const fees = await pub.estimateFeesPerGas();
console.log(fees);
let nonce = await pub.getTransactionCount({ address: acct.address, blockTag: 'pending' });
const addr = getContractAddress({ from: acct.address, nonce: BigInt(nonce) });
const sign = (to: any, data: any) => acct.signTransaction({ type: 'eip1559', chainId: 1337, nonce: nonce++, gas: to ? 150000n : 2000000n, ...fees, to, data });
const raw1 = await sign(null, encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args: ['B', 'B', acct.address] }));
const raw2 = await sign(addr, encodeFunctionData({ abi: art.abi, functionName: 'mint', args: [acct.address, 5n] }));
const h1 = await pub.sendRawTransaction({ serializedTransaction: raw1 });
const h2 = await pub.sendRawTransaction({ serializedTransaction: raw2 });
try { console.log('resend', await pub.sendRawTransaction({ serializedTransaction: raw2 })); } catch (e) { console.log('resend err', (e as Error).message.slice(0,200)); }
const r1 = await pub.waitForTransactionReceipt({ hash: h1, pollingInterval: 10 });
const r2 = await pub.waitForTransactionReceipt({ hash: h2, pollingInterval: 10 });
console.log(r1.status, r1.contractAddress, addr, r1.blockNumber, r2.status, r2.blockNumber);
try { await pub.call({ account: acct.address, to: addr, data: encodeFunctionData({ abi: art.abi, functionName: 'mint', args: [acct.address, 5n] }), blockNumber: r2.blockNumber }); } catch (e) {
  const d = (e as BaseError).walk((x: any) => typeof x?.data === 'string') as any;
  console.log('data', d?.data, d && decodeErrorResult({ abi: art.abi, data: d.data }).errorName);
}
await provider.disconnect();
