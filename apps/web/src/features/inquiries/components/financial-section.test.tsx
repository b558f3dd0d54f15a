import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { FinancialSection, type FinancialValues } from './financial-section';

function Harness({ initial, advanceFromPayments }: { initial: FinancialValues; advanceFromPayments?: number }) {
  const { control, register } = useForm<FinancialValues>({ defaultValues: initial });
  return <FinancialSection control={control} register={register} advanceFromPayments={advanceFromPayments} />;
}

const start: FinancialValues = {
  tpc: '60000',
  advance: '24000',
  totalRevenue: '60000',
  hotelCost: '30000',
  cabCost: '8000',
};

async function retype(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('FinancialSection', () => {
  it('shows pendingAmount and profit from the stored figures', () => {
    render(<Harness initial={start} />);
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('₹36,000');
    expect(screen.getByTestId('profit')).toHaveTextContent('₹22,000');
  });

  it('recomputes both live as the figures change', async () => {
    render(<Harness initial={start} />);
    await retype(/Advance received/, '60000');
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('₹0');
    await retype(/Total package cost/, '125000');
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('₹65,000');
    await retype(/Cab cost/, '12500.5');
    expect(screen.getByTestId('profit')).toHaveTextContent('₹17,499.50');
  });

  it('styles profit positive or negative', async () => {
    render(<Harness initial={start} />);
    const profit = () => screen.getByTestId('profit').firstElementChild!;
    expect(profit()).toHaveClass('profit-positive');
    expect(profit()).toHaveAttribute('data-sign', 'positive');
    await retype(/Hotel cost/, '90000');
    expect(screen.getByTestId('profit')).toHaveTextContent('-₹38,000');
    expect(profit()).toHaveClass('profit-negative');
    expect(profit()).toHaveAttribute('data-sign', 'negative');
  });

  it('counts a blank figure as zero', async () => {
    render(<Harness initial={start} />);
    await retype(/Total revenue/, '');
    expect(screen.getByTestId('profit')).toHaveTextContent('-₹38,000');
    await retype(/Total package cost/, '');
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('-₹24,000');
  });

  it('shows the advance the payments make instead of an input, and the pending amount from it (D31)', async () => {
    render(<Harness initial={start} advanceFromPayments={14658} />);
    expect(screen.queryByLabelText(/Advance received/)).not.toBeInTheDocument();
    expect(screen.getByTestId('advance-from-payments')).toHaveTextContent('₹14,658');
    expect(screen.getByText(/The sum of the verified payments/)).toBeInTheDocument();
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('₹45,342');
    await retype(/Total package cost/, '70000');
    expect(screen.getByTestId('pending-amount')).toHaveTextContent('₹55,342');
  });
});
