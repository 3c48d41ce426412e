import { SAMPLE_FILES, SAMPLE_FILE_DETAILS, csvCell, nextSimulatedProgress, toCsv } from './sampleData';

describe('placeholder job pages', () => {
  it('four sample files; records keyed 1-4', () => {
    expect(SAMPLE_FILES).toHaveLength(4);
    expect(Object.keys(SAMPLE_FILE_DETAILS)).toEqual(['1', '2', '3', '4']);
  });
  it('simulated progress: up to 5 points a step, never past 100', () => {
    expect(nextSimulatedProgress(10, 1)).toBe(15);
    expect(nextSimulatedProgress(10, 0.5)).toBe(12.5);
    expect(nextSimulatedProgress(98, 1)).toBe(100);
  });
  it('CSV quotes what needs quoting and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(toCsv(['x', 'y'], [[1, 'two']])).toBe('x,y\n1,two');
  });
});
