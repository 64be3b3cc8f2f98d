import dayjs from 'dayjs';
import { checkDocumentFile, DOCUMENT_MAX_BYTES } from './document-file';
import { answersFromSteps, stepsFromAnswers } from './kyc-values';
import { nameMismatchesOf } from './name-check';
import { statusAction } from './status';

describe('the action each status allows', () => {
  it.each([
    ['notSubmitted', false, 'start'],
    ['notSubmitted', true, 'continue'],
    ['submitted', false, 'view'],
    ['inReview', true, 'view'],
    ['verified', false, 'view'],
    ['rejected', false, 'resubmit'],
    ['expired', false, 'resubmit'],
  ] as const)('%s (draft: %s) → %s', (status, draft, action) => {
    expect(statusAction(status, draft)).toBe(action);
  });
});

describe('KYC answers', () => {
  it('keep dates as ISO days (a Medicare expiry as a month) and come back as picker dates', () => {
    const steps = [
      { firstName: ' Jane ', lastName: 'Citizen', dob: dayjs('1990-04-30'), middleName: '' },
      { country: 'AU', postCode: '2000' },
      {
        documentType: 'passport',
        expiryDate: dayjs('2031-01-15'),
        documentId: { id: 'd1', fileName: 'p.png' },
      },
      { documentType: 'medicare', expiryMonth: dayjs('2030-07-01'), individualReference: 2 },
    ];
    const answers = answersFromSteps(steps);
    expect(answers).toEqual({
      personal: { firstName: 'Jane', lastName: 'Citizen', dob: '1990-04-30' },
      address: { country: 'AU', postCode: '2000' },
      proofs: [
        { documentType: 'passport', expiryDate: '2031-01-15', documentId: { id: 'd1', fileName: 'p.png' } },
        { documentType: 'medicare', expiryMonth: '2030-07', individualReference: 2 },
      ],
    });
    const back = stepsFromAnswers(answers);
    expect(dayjs.isDayjs(back[0]!.dob) && (back[0]!.dob as dayjs.Dayjs).format('DD/MM/YYYY')).toBe(
      '30/04/1990',
    );
    expect((back[3]!.expiryMonth as dayjs.Dayjs).format('MM/YYYY')).toBe('07/2030');
  });
});

describe('names on the documents', () => {
  const personal = { firstName: 'Zoë', middleName: 'Anne', lastName: "O'Brien" };

  it('agree across case, accents and apostrophes, and a document may leave out the middle name', () => {
    expect(
      nameMismatchesOf({
        personal,
        address: {},
        proofs: [
          { documentType: 'passport', firstName: 'ZOE', lastName: 'O’BRIEN' },
          { documentType: 'medicare', nameOnCard: "ZOE A O'BRIEN" },
        ],
      }),
    ).toEqual([]);
  });

  it('report which names of which document differ', () => {
    expect(
      nameMismatchesOf({
        personal,
        address: {},
        proofs: [
          { documentType: 'driverLicence', firstName: 'Zoe', lastName: 'Smith' },
          { documentType: 'medicare', nameOnCard: 'JOHN SMITH' },
        ],
      }),
    ).toEqual([
      { proof: 0, documentType: 'driverLicence', fields: ['lastName'] },
      { proof: 1, documentType: 'medicare', fields: ['nameOnCard'] },
    ]);
  });
});

describe('a document file before it is sent', () => {
  const file = (type: string, size: number) => new File([new Uint8Array(size)], 'doc', { type });

  it('is a JPEG, PNG or PDF of at most 5 MB', () => {
    expect(checkDocumentFile(file('image/png', 10))).toBeNull();
    expect(checkDocumentFile(file('application/pdf', DOCUMENT_MAX_BYTES))).toBeNull();
    expect(checkDocumentFile(file('image/gif', 10))).toBe('wrongType');
    expect(checkDocumentFile(file('image/jpeg', DOCUMENT_MAX_BYTES + 1))).toBe('tooLarge');
    expect(checkDocumentFile(file('image/jpeg', 0))).toBe('empty');
  });
});
