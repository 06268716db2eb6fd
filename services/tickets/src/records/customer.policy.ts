import { CustomerFields } from '@app/proto';
import type { KlassPolicy } from '@app/platform';

/**
 * Customer: the field schema does it all (name required; cpf/cnpj with right check digits, stored as digits only).
 * Deleting a customer that tickets name is allowed: they keep its copied name. A rename reaches the copies through
 * copied-names.ts.
 */
export class CustomerPolicy implements KlassPolicy {
  readonly schema = CustomerFields;
}
