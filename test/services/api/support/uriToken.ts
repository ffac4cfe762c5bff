import solc from 'solc'
import type { Hex } from 'viem'

// An ERC-721 whose token URIs the test sets, so hosted, oversized, hanging and hostile metadata can be tried.
// Its name holds U+0000, as any contract's may: PostgreSQL's TEXT cannot store one.
const uriTokenSource = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;
contract UriToken {
  string public name = "Hos\\x00ted"; string public symbol = "HOST";
  mapping(uint256 => string) uris;
  event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
  function mint(address to, uint256 id, string calldata uri) external { uris[id] = uri; emit Transfer(address(0), to, id); }
  function tokenURI(uint256 id) external view returns (string memory) { return uris[id]; }
}`

export function compileUriToken(): { abi: unknown[]; bytecode: Hex } {
  const input = {
    language: 'Solidity',
    sources: { 'UriToken.sol': { content: uriTokenSource } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const { abi, evm } = JSON.parse(solc.compile(JSON.stringify(input))).contracts['UriToken.sol'].UriToken
  return { abi, bytecode: `0x${evm.bytecode.object}` }
}

/** `mint(to, id, uri)`: mints token `id` to `to` with `uri` as its tokenURI. */
export const uriTokenMintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'id', type: 'uint256' },
      { name: 'uri', type: 'string' },
    ],
    outputs: [],
  },
] as const
