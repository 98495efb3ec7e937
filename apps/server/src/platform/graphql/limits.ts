import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GRAPHQL_LIMITS } from '@pp/domain';
import { type ASTVisitor, BREAK, type DocumentNode, GraphQLError, type ValidationContext, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { RequestContext } from '../context';

/** The message every size limit refuses with; the error mapping turns it into QUERY_TOO_COMPLEX. */
export const TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/**
 * Root fields that send mail or check a secret. A document may name each of them once: aliases would
 * otherwise turn one request into hundreds of mails or guesses that no per-request limit sees.
 */
export const SINGLE_USE_FIELDS = new Set([
  'Mutation.login',
  'Mutation.loginWithToken',
  'Mutation.loginAsAdmin',
  'Mutation.passwordResetRequest',
  'Mutation.loginLinkRequest',
  'Mutation.passwordReset',
  'Query.passwordResetLinkStatus',
  'Mutation.register',
  'Mutation.confirmRegistration',
  'Mutation.completeRegistration',
  'Query.registrationAvailability',
  'Query.companyLookup',
  // Checks the old password: counted like a sign-in, and one guess per document.
  'Mutation.changePassword',
  // Two-factor sign-in (issue 24): each checks a code, a ticket or the password.
  'Mutation.loginSecondFactor',
  'Mutation.loginPasskeyOptions',
  'Mutation.twoFactorTotpConfirm',
  'Mutation.twoFactorTotpDisable',
  'Mutation.passkeyRemove',
  // Each makes an outgoing request of up to 10 s: one per document, not fifty aliases.
  'Mutation.webhookTest',
  // Invitations mail someone; their answers check a mailed link.
  'Mutation.addPartnerAccount',
  'Mutation.resendAccountInvitation',
  'Query.accountInvitation',
  'Mutation.acceptAccountInvitation',
  'Mutation.declineAccountInvitation',
]);

function singleUseFieldsRule(context: ValidationContext): ASTVisitor {
  const seen = new Map<string, number>();
  const schema = context.getSchema();
  const roots = new Set([schema.getQueryType(), schema.getMutationType()].filter(Boolean));
  return {
    Field(node) {
      const parent = context.getParentType();
      if (!parent || !roots.has(parent as never)) return;
      const name = `${parent.name}.${node.name.value}`;
      if (!SINGLE_USE_FIELDS.has(name)) return;
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      if (count === 2) context.reportError(new GraphQLError(TOO_COMPLEX, { nodes: [node] }));
    },
  };
}

/**
 * Whether a document asks for the schema itself (__schema or __type anywhere). `visit` walks only the
 * AST's child keys: a parsed document's `loc` links every token both ways, so a walk over every object
 * value never ends.
 */
function asksForSchema(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') {
        found = true;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Every limit on one GraphQL document, in one place: size (tokens), aliases, depth, directives, a cost
 * budget, single use of mail-sending and secret-checking mutations, and, in production, the schema
 * itself only for operators.
 */
export function graphqlLimits(options: { production: boolean }): Plugin<RequestContext>[] {
  const common = { exposeLimits: false, errorMessage: TOO_COMPLEX, propagateOnRejection: true };
  return [
    EnvelopArmorPlugin({
      maxTokens: { ...common, n: GRAPHQL_LIMITS.tokens },
      maxAliases: { ...common, n: GRAPHQL_LIMITS.aliases, allowList: [] },
      maxDepth: { ...common, n: GRAPHQL_LIMITS.depth, ignoreIntrospection: true, flattenFragments: true },
      maxDirectives: { ...common, n: GRAPHQL_LIMITS.directives },
      costLimit: { ...common, maxCost: GRAPHQL_LIMITS.cost, ignoreIntrospection: true },
      // "Did you mean …" tells a stranger the schema's names; only the demo keeps them.
      blockFieldSuggestion: { enabled: options.production },
    }) as Plugin<RequestContext>,
    {
      onValidate({ addValidationRule }) {
        addValidationRule(singleUseFieldsRule);
      },
      onExecute({ args, setResultAndStopExecution }) {
        if (!options.production || !asksForSchema(args.document)) return;
        const ctx = args.contextValue as RequestContext;
        if (ctx.auth?.account.isAdmin && !ctx.auth.admin) return;
        setResultAndStopExecution({
          errors: [new GraphQLError('ACCESS_DENIED', { extensions: { code: 'ACCESS_DENIED' } })],
        });
      },
    },
  ];
}
