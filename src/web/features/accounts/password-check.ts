/**
 * The server's password rule on the page (domain/validation/password-rule.ts): the length at
 * once, the common-password list through the bucket the typed password falls in, fetched once per
 * bucket and kept for the visit. The password itself is not sent; if the bucket cannot be had
 * (offline), the page says nothing about commonness and the server decides when the form is sent.
 */
import type { CommonPasswordsAnswer } from '../../../domain/contract/accounts.ts';
import { useEffect, useState } from 'react';
import { V } from '../../../domain/validation/messages.ts';
import { commonForm, commonPasswordBucket, passwordLengthProblem, passwordProblem, type PasswordProblem } from '../../../domain/validation/password-rule.ts';
import { apiRequest, type StoreHeaders } from '../../api-client.ts';
import { useRootData } from '../../store-context.ts';

const buckets = new Map<number, ReadonlySet<string>>();
const unavailable = new Set<number>();
const inFlight = new Map<number, Promise<void>>();

export interface PasswordCheck {
  /** The rule's message key for what was typed (the server's own), or null when it passes. */
  problem: PasswordProblem | null;
  /** The common-password part is still being looked up. */
  pending: boolean;
}

/** The rule's answer from what the page already has, or undefined until the bucket is here. */
function known(password: string): PasswordCheck | undefined {
  const length = passwordLengthProblem(password);
  if (length) return { problem: length, pending: false };
  const bucket = commonPasswordBucket(password);
  const list = buckets.get(bucket);
  if (list) return { problem: passwordProblem(password, (p) => list.has(p)), pending: false };
  if (unavailable.has(bucket)) return { problem: null, pending: false };
  return undefined;
}

/** The common-password error a form may add to its own checks, once the page knows it. */
export function commonPasswordError(password: string): typeof V.passwordCommon | undefined {
  return known(password)?.problem === V.passwordCommon ? V.passwordCommon : undefined;
}

function fetchBucket(bucket: number, store: StoreHeaders): Promise<void> {
  let request = inFlight.get(bucket);
  if (!request) {
    request = apiRequest<CommonPasswordsAnswer>('GET', `/api/auth/common-passwords/${bucket}`, undefined, store).then((result) => {
      if (result.ok) buckets.set(bucket, new Set(result.data.passwords.map(commonForm)));
      else unavailable.add(bucket);
      inFlight.delete(bucket);
    });
    inFlight.set(bucket, request);
  }
  return request;
}

/** Applies the password rule to what is typed; the bucket is fetched after a short pause in typing. */
export function usePasswordCheck(password: string): PasswordCheck {
  const { lang, country } = useRootData();
  const [, setFetched] = useState(0);
  const answer = known(password);
  const waiting = answer === undefined;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    const timer = setTimeout(() => {
      void fetchBucket(commonPasswordBucket(password), { lang, country }).then(() => {
        if (live) setFetched((n) => n + 1);
      });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [waiting, password, lang, country]);
  return answer ?? { problem: null, pending: true };
}
