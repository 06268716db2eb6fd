import { mkdirSync, writeFileSync } from 'fs';
import { renderReceipt } from '../receipt-pdf';
import { sampleModels } from './receipt-samples';

// Writes the three sample receipts as PDFs, to look at them (a development aid, not a test):
//   npx tsx services/tickets/src/receipts/testing/render-samples.ts [en|pt-BR] [folder] [long]
//   pdftoppm -png -r 70 <folder>/service.pdf <folder>/service
// `long` makes the reported problem long enough to be cut with an ellipsis on the 2-copy receipt.

async function main() {
  const locale = process.argv[2] === 'en' ? 'en' : 'pt-BR';
  const out = process.argv[3] || '/tmp/receipts';
  const long = process.argv[4] === 'long' ? { content: `${'A long description of what the customer says is wrong. '.repeat(60)}END` } : {};
  mkdirSync(out, { recursive: true });
  const models = sampleModels(locale, long);
  for (const [name, model] of Object.entries(models)) writeFileSync(`${out}/${name}.pdf`, await renderReceipt(model));
  console.log(`wrote ${Object.keys(models).join(', ')} to ${out}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
