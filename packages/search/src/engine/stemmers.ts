import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as english } from '@orama/stemmers/english';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';

export type Stemmer = (word: string) => string;

/**
 * Snowball stemmers by ISO 639-1 language. Of the storefront's languages (spec §9) pl, cs, ja,
 * zh and ko have none in @orama/stemmers: their words are matched unstemmed (plus prefix and
 * typo tolerance), and ja/zh text is split into character bigrams instead (text-analysis.ts).
 */
const STEMMERS_BY_LANGUAGE: ReadonlyMap<string, Stemmer> = new Map([
  ['ar', arabic],
  ['hy', armenian],
  ['bg', bulgarian],
  ['da', danish],
  ['nl', dutch],
  ['en', english],
  ['fi', finnish],
  ['fr', french],
  ['de', german],
  ['el', greek],
  ['hu', hungarian],
  ['id', indonesian],
  ['ga', irish],
  ['it', italian],
  ['lt', lithuanian],
  ['ne', nepali],
  ['no', norwegian],
  ['nb', norwegian],
  ['nn', norwegian],
  ['pt', portuguese],
  ['ro', romanian],
  ['ru', russian],
  ['sr', serbian],
  ['es', spanish],
  ['sv', swedish],
  ['ta', tamil],
  ['tr', turkish],
  ['uk', ukrainian],
]);

/** The stemmer for a content locale ('en-us' → English, 'de' → German), if its language has one. */
export function stemmerFor(locale: string): Stemmer | undefined {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return STEMMERS_BY_LANGUAGE.get(language);
}
