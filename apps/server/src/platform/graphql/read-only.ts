import {
  type DefinitionNode,
  type DocumentNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { DomainError } from '@pp/domain';
import { toGraphQLError } from '../errors';
import type { RequestContext } from '../context';

/**
 * What a read-only impersonation may still call: ending itself. Every other mutation is a change, and an
 * operator who may only look (support) changes nothing — refused here once, not left to each area's check.
 */
const READ_ONLY_ALLOWED = new Set(['logout', '__typename']);

/** Refuses every mutation of a read-only session (READ_ONLY_SESSION), before any resolver runs. */
export function readOnlySessions(): Plugin<RequestContext> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as RequestContext;
      if (!ctx.auth?.readOnly) return;
      const operations = (args.document as DocumentNode).definitions.filter(
        (d: DefinitionNode): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      );
      const chosen = args.operationName
        ? operations.find((o: OperationDefinitionNode) => o.name?.value === args.operationName)
        : operations[0];
      if (chosen?.operation !== 'mutation') return;
      // Fragments at the root of a mutation are refused too: only plain fields of the allowed names pass.
      const allowed = chosen.selectionSet.selections.every(
        (s: SelectionNode) => s.kind === Kind.FIELD && READ_ONLY_ALLOWED.has(s.name.value),
      );
      if (allowed) return;
      const mapped = toGraphQLError(new DomainError('READ_ONLY_SESSION'), ctx.lang);
      setResultAndStopExecution({ errors: [new GraphQLError(mapped.message, { extensions: mapped.extensions })] });
    },
  };
}
