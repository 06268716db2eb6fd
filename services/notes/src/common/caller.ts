// The caller helpers every module service shares (@app/platform group-caller): the group addressed, who did it.
export { groupDb as accountDb, actorOf } from '@app/platform';
