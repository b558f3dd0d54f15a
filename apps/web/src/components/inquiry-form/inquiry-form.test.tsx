import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INQUIRY_MESSAGES } from '@safarnama/contract/inquiries';
import { DRAFT_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { TEXT_MESSAGES } from '@safarnama/contract/common';
import { fakeToken, renderAt } from '../../test/render';
import { InquiryForm } from './inquiry-form';

let alertSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

const submitButton = () => screen.getByRole('button', { name: 'Send Inquiry' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Asha Verma');
  await user.type(screen.getByLabelText(/^Email/), 'Asha@Example.com');
  await user.type(screen.getByLabelText(/WhatsApp number/), '+91 98765 43210');
  await user.type(screen.getByLabelText(/^Location/), 'Kerala');
  await user.type(screen.getByLabelText(/Number of adults/), '2');
  await user.type(screen.getByLabelText(/Budget/), '80000');
}

describe('InquiryForm', () => {
  it('shows every spec §5 message for an empty form and sends nothing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
    await user.click(submitButton());
    for (const message of [
      INQUIRY_MESSAGES.nameRequired,
      INQUIRY_MESSAGES.whatsappRequired,
      INQUIRY_MESSAGES.emailInvalid,
      INQUIRY_MESSAGES.locationRequired,
      INQUIRY_MESSAGES.adultsRequired,
      INQUIRY_MESSAGES.budgetRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and non-numeric adults and budget with the same messages', async () => {
    const user = userEvent.setup();
    renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} />);
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Number of adults/), 'two');
    await user.type(screen.getByLabelText(/Budget/), 'lots');
    await user.click(submitButton());
    expect(await screen.findByText(INQUIRY_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(INQUIRY_MESSAGES.adultsRequired)).toBeInTheDocument();
    expect(screen.getByText(INQUIRY_MESSAGES.budgetRequired)).toBeInTheDocument();
  });

  it('clears a field’s error as soon as that field is edited, leaving the others', async () => {
    const user = userEvent.setup();
    renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} />);
    await user.click(submitButton());
    await screen.findByText(INQUIRY_MESSAGES.nameRequired);
    await user.type(screen.getByLabelText(/Full name/), 'A');
    expect(screen.queryByText(INQUIRY_MESSAGES.nameRequired)).not.toBeInTheDocument();
    // Editing the email clears its error even before the address is complete.
    await user.type(screen.getByLabelText(/^Email/), 'a');
    expect(screen.queryByText(INQUIRY_MESSAGES.emailInvalid)).not.toBeInTheDocument();
    expect(screen.getByText(INQUIRY_MESSAGES.locationRequired)).toBeInTheDocument();
    expect(screen.getByText(INQUIRY_MESSAGES.budgetRequired)).toBeInTheDocument();
  });

  it('refuses a text-direction override in the name with the contract’s message and sends nothing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
    await fillValid(user);
    await user.clear(screen.getByLabelText(/Full name/));
    await user.type(screen.getByLabelText(/Full name/), 'Asha\u202Egpj.exe');
    await user.click(submitButton());
    expect(await screen.findByText(TEXT_MESSAGES.controlCharacters)).toBeInTheDocument();
    expect(screen.getByLabelText(/Full name/)).toHaveAttribute('aria-invalid', 'true');
    expect(submit).not.toHaveBeenCalled();
  });

  it('keeps the line breaks typed in the notes', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
    await fillValid(user);
    await user.type(screen.getByLabelText(/Anything else/), 'Veg food{Enter}A sea view');
    await user.click(submitButton());
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ extraInfo: 'Veg food\nA sea view' }));
  });

  it('sends the parsed inquiry, alerts success and resets the form', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(/Hotel type/), 'luxury');
    await user.click(submitButton());
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(INQUIRY_MESSAGES.created));
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Asha Verma',
        email: 'asha@example.com',
        whatsappNumber: '+91 98765 43210',
        location: 'Kerala',
        noOfAdults: 2,
        noOfKids: 0,
        budget: 80000,
        hotelType: 'luxury',
      }),
    );
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue(''));
    expect(screen.getByLabelText(/Budget/)).toHaveValue('');
  });

  it('alerts the failure message when sending fails and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderAt('/', <InquiryForm draftKey="test" submit={vi.fn().mockRejectedValue(new Error('boom'))} />);
    await fillValid(user);
    await user.click(submitButton());
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(INQUIRY_MESSAGES.submitFailed));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Verma');
  });

  it('prefills name and email and resets back to them', async () => {
    const user = userEvent.setup();
    renderAt(
      '/',
      <InquiryForm
        draftKey="test"
        submit={vi.fn().mockResolvedValue({})}
        defaultValues={{ name: 'Ravi', email: 'ravi@example.com' }}
      />,
    );
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ravi');
    await user.type(screen.getByLabelText(/WhatsApp number/), '9876543210');
    await user.type(screen.getByLabelText(/^Location/), 'Goa');
    await user.type(screen.getByLabelText(/Number of adults/), '1');
    await user.type(screen.getByLabelText(/Budget/), '20000');
    await user.click(submitButton());
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(INQUIRY_MESSAGES.created));
    await waitFor(() => expect(screen.getByLabelText(/^Location/)).toHaveValue(''));
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ravi');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ravi@example.com');
  });

  it("speaks of the customer, and offers no autofill, when staff type in a customer's request", () => {
    renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} onBehalf />);
    expect(screen.getByRole('group', { name: "Customer's details" })).toBeInTheDocument();
    expect(screen.getByLabelText('Anything else to note?')).toBeInTheDocument();
    for (const label of [/Full name/, /^Email/, /WhatsApp number/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', 'off');
    }
  });

  it('has a honeypot that people and the keyboard never reach', () => {
    const { container } = renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} />);
    const honeypot = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  describe('keeps what was entered and not sent', () => {
    it('offers it back when the form opens again, until it is sent', async () => {
      const user = userEvent.setup();
      const first = renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} />);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await user.type(screen.getByLabelText(/Full name/), 'Asha Verma');
      await user.type(screen.getByLabelText(/^Location/), 'Kerala');
      await user.selectOptions(screen.getByLabelText(/Hotel type/), 'luxury');
      first.unmount();

      const submit = vi.fn().mockResolvedValue({});
      const second = renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
      expect(screen.getByRole('status')).toHaveTextContent(DRAFT_MESSAGES.restored);
      expect(screen.getByLabelText(/Full name/)).toHaveValue('Asha Verma');
      expect(screen.getByLabelText(/^Location/)).toHaveValue('Kerala');
      expect(screen.getByLabelText(/Hotel type/)).toHaveValue('luxury');
      // Completed and sent: the form is empty and nothing is offered back any more.
      await user.type(screen.getByLabelText(/^Email/), 'asha@example.com');
      await user.type(screen.getByLabelText(/WhatsApp number/), '+91 98765 43210');
      await user.type(screen.getByLabelText(/Number of adults/), '2');
      await user.type(screen.getByLabelText(/Budget/), '80000');
      await user.click(submitButton());
      await waitFor(() => expect(submit).toHaveBeenCalledOnce());
      await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue(''));
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      second.unmount();

      renderAt('/', <InquiryForm draftKey="test" submit={submit} />);
      expect(screen.getByLabelText(/Full name/)).toHaveValue('');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('keeps it through a failed send, and Discard puts the form back', async () => {
      const user = userEvent.setup();
      const first = renderAt(
        '/',
        <InquiryForm draftKey="test" submit={vi.fn().mockRejectedValue(new Error('down'))} />,
      );
      await fillValid(user);
      await user.click(submitButton());
      await waitFor(() => expect(alertSpy).toHaveBeenCalledWith(INQUIRY_MESSAGES.submitFailed));
      first.unmount();

      renderAt('/', <InquiryForm draftKey="test" submit={vi.fn()} />);
      expect(screen.getByLabelText(/Budget/)).toHaveValue('80000');
      await user.click(screen.getByRole('button', { name: DRAFT_MESSAGES.discard }));
      expect(screen.getByLabelText(/Full name/)).toHaveValue('');
      expect(screen.getByLabelText(/Budget/)).toHaveValue('');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(sessionStorage.length).toBe(0);
    });

    it('keeps a draft per page and per signed-in person', async () => {
      const user = userEvent.setup();
      const first = renderAt('/', <InquiryForm draftKey="contact" submit={vi.fn()} />);
      await user.type(screen.getByLabelText(/Full name/), 'Visitor Draft');
      first.unmount();

      // Another page's form, and the same page for someone signed in, start empty.
      const other = renderAt('/', <InquiryForm draftKey="create" submit={vi.fn()} />);
      expect(screen.getByLabelText(/Full name/)).toHaveValue('');
      other.unmount();
      localStorage.setItem('token', fakeToken('Customer'));
      const signedIn = renderAt('/', <InquiryForm draftKey="contact" submit={vi.fn()} />);
      expect(screen.getByLabelText(/Full name/)).toHaveValue('');
      signedIn.unmount();
      localStorage.clear();

      renderAt('/', <InquiryForm draftKey="contact" submit={vi.fn()} />);
      expect(screen.getByLabelText(/Full name/)).toHaveValue('Visitor Draft');
    });
  });
});

describe("InquiryForm: D26's travel date and package", () => {
  let alerts: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    alerts = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => alerts.mockRestore());

  it('sends the travel date and the package from Book Now, then clears the date', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderAt('/', <InquiryForm draftKey="d26" submit={submit} defaultValues={{ packageId: 'p1' }} />);
    await fillValid(user);
    await user.type(screen.getByLabelText('Travel date'), '2099-12-31');
    await user.click(submitButton());
    await waitFor(() =>
      expect(submit).toHaveBeenCalledWith(expect.objectContaining({ travelDate: '2099-12-31', packageId: 'p1' })),
    );
    await waitFor(() => expect(screen.getByLabelText('Travel date')).toHaveValue(''));
  });

  it('refuses a travel date in the past with the server’s message', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    renderAt('/', <InquiryForm draftKey="d26-past" submit={submit} />);
    await fillValid(user);
    await user.type(screen.getByLabelText('Travel date'), '2001-01-01');
    await user.click(submitButton());
    expect(await screen.findByText('Travel date cannot be in the past')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });
});
