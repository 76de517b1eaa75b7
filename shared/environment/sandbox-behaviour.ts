import { z } from 'zod';

/**
 * How the built-in sandbox behaves where the real service's documentation shows more than one
 * way, so a client is tested against each:
 * - catalogShape: `member` serves catalogs as the purchasing guide shows them (`member[]` with
 *   `variable.@id`); `variables` as the Catalog and Variable reference pages do (`variables[]` with
 *   `variableId` and older `{base}/variable/…/provenance/…` identifiers). Either identifier buys.
 * - rotateRefreshTokens: each refresh grant answers with a new refresh token and voids the one
 *   presented; presenting a voided one again revokes every token of its family (RFC 9700 §4.14.2).
 */
export const catalogShapes = ['member', 'variables'] as const;
export const catalogShapeSchema = z.enum(catalogShapes);
export type CatalogShape = z.infer<typeof catalogShapeSchema>;

export const sandboxBehaviourSchema = z.strictObject({
  catalogShape: catalogShapeSchema,
  rotateRefreshTokens: z.boolean(),
});
export type SandboxBehaviour = z.infer<typeof sandboxBehaviourSchema>;

/** A change to some of the behaviour, as the control API takes it. */
export const sandboxBehaviourChangeSchema = sandboxBehaviourSchema.partial();

export const defaultSandboxBehaviour: SandboxBehaviour = { catalogShape: 'member', rotateRefreshTokens: false };
