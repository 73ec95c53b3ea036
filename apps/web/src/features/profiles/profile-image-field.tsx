import type { CustomerResource } from '@token/domain/accounts';
import { errorMessage, isErrorCode } from '@token/domain/errors';
import { ImagePlus, Trash2, UserRound } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessageOf } from '../../lib/errors.ts';
import { useLocale, useTranslation } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { profileImageAccept, profileImageRefusal, useSetProfileImage } from './api/profile-image.ts';

/**
 * The avatar on /edit-profile: shows the current image, uploads a new one through the content API
 * (presign, PUT the bytes) and attaches it at once, or removes it. It saves on its own, apart from
 * the text fields' form.
 */
export function ProfileImageField({ record }: { record: CustomerResource }) {
  const { t } = useTranslation('collections');
  const locale = useLocale();
  const inputId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const save = useSetProfileImage(record.uuid);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (err: unknown) => {
    // a refused file names its reason on `profileImage`; the upload's own refusals are codes
    const violation = err instanceof ApiError ? err.violations[0]?.message : undefined;
    setFailure(violation ?? errorMessageOf(err, locale));
  };
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setFailure(null);
    const refusal = profileImageRefusal(file);
    if (refusal) {
      setFailure(isErrorCode(refusal) ? errorMessage(refusal, locale) : refusal);
      return;
    }
    save.mutate({ file }, { onSuccess: () => notify('success', t('editProfile.imageSaved')), onError: fail });
  };
  const onRemove = () => {
    setFailure(null);
    save.mutate(
      { remove: true },
      { onSuccess: () => notify('success', t('editProfile.imageRemoved')), onError: fail },
    );
  };
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-brand-900">
        {t('editProfile.image')}
      </h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-center">
        {record.profileImage ? (
          <img
            src={record.profileImage}
            alt={t('editProfile.imageAlt')}
            className="size-24 shrink-0 rounded-full bg-slate-100 object-cover"
            data-testid="profile-image"
          />
        ) : (
          <div
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-500"
            data-testid="profile-image-placeholder"
          >
            <UserRound className="size-12" aria-hidden="true" />
          </div>
        )}
        <div className="space-y-2">
          <p className="text-sm text-slate-600" id={`${inputId}-hint`}>
            {t('editProfile.imageHint')}
          </p>
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={profileImageAccept}
              className="sr-only"
              aria-labelledby={`${inputId}-title`}
              aria-describedby={`${inputId}-hint`}
              onChange={onFile}
              disabled={save.isPending}
            />
            <Button variant="outline" onClick={() => input.current?.click()} disabled={save.isPending}>
              <ImagePlus className="size-4" aria-hidden="true" />
              {save.isPending
                ? t('editProfile.imageUploading')
                : record.profileImage
                  ? t('editProfile.imageChange')
                  : t('editProfile.imageChoose')}
            </Button>
            {record.profileImage && (
              <Button variant="ghost" onClick={onRemove} disabled={save.isPending}>
                <Trash2 className="size-4" aria-hidden="true" />
                {t('editProfile.imageRemove')}
              </Button>
            )}
          </div>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
