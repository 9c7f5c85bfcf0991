import { allowIf, defineRules } from '../../platform/permissions';

// The project lists' rules for `can()`. Which list a person reads is their route's access
// (customers' lists, translators' lists, the back office's list); the lists themselves only ever
// hold the asker's own rows, since the queries filter by the asker. What remains is one object:
// a translator's My Team customers are that translator's.

declare module '../../platform/permissions' {
  interface Actions {
    /** the customers whose My Team a translator is in */
    'my-team.read-customers': { translatorId: number };
  }
}

defineRules({
  'my-team.read-customers': (actor, { translatorId }) => allowIf(actor.user.id === translatorId),
});
