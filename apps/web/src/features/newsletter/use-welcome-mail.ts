import { welcomeMailInput, type WelcomeMail, type WelcomeMailInput } from '@journey/contracts';
import { schemaResolver, useForm } from '@mantine/form';
import { notifyError, notifySuccess } from '../../components/notify';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { serverFieldErrors, serverMessage, trpc } from '../../lib/trpc';

const FIELDS = ['subject', 'body'] as const;

/** The welcome mail as last saved (docs/decisions/097-automatic-mail.md). */
export function useWelcomeMail() {
  return trpc.newsletterAutomation.welcome.useQuery();
}

/**
 * The welcome mail's form: checked as the server checks it (subject and body required while it is
 * on), the first wrong field focused; the server's field messages show under the fields, anything
 * else in an 'Error' toast.
 */
export function useWelcomeForm(saved: WelcomeMail) {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterWrite('newsletterAutomation');
  const save = trpc.newsletterAutomation.saveWelcome.useMutation({
    onSuccess: (answer) => {
      utils.newsletterAutomation.welcome.setData(undefined, answer);
      void refresh();
    },
  });
  const form = useForm<WelcomeMailInput>({
    // Named: its fields' data-path differ from the compose form's on the same tab, so focus finds them.
    name: 'welcome-mail',
    initialValues: { enabled: saved.enabled, subject: saved.subject, body: saved.body },
    validate: schemaResolver(welcomeMailInput, { sync: true }),
  });

  const submit = async () => {
    if (save.isPending) return;
    const { errors } = form.validate();
    const first = FIELDS.find((field) => Boolean(errors[field]));
    if (first) {
      form.getInputNode(first)?.focus();
      return;
    }
    const values = form.getValues();
    try {
      const answer = await save.mutateAsync(values);
      const kept = { enabled: answer.enabled, subject: answer.subject, body: answer.body };
      form.setValues(kept);
      form.setInitialValues(kept);
      form.resetDirty(kept);
      notifySuccess(
        'Welcome mail saved',
        answer.enabled
          ? 'Every reader who confirms from now on gets it once.'
          : 'It is off: readers who confirm get no welcome mail.',
      );
    } catch (error) {
      console.error(error);
      form.setErrors(serverFieldErrors(error));
      notifyError('Error', serverMessage(error) ?? 'There was a problem saving the welcome mail.');
    }
  };

  return { form, submit, saving: save.isPending };
}
