//! The registry's verdicts (the `--quick` subset) against the expected verdicts in
//! data/seed_claims.tsv. `.ci/run` checks the full run with `permlab reproduce --check`.

use permlab::reproduce::{expected_verdicts_of_claims, run, Options};

#[test]
fn quick_registry_verdicts_match_expectations() {
    let expected = expected_verdicts_of_claims();
    let report = run(
        &Options {
            quick: true,
            only: None,
        },
        |_| {},
    );
    assert!(report.all_decided(), "{}", report.to_table());
    let mismatches = report.mismatches(&expected);
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    // every claim has an expectation
    assert_eq!(expected.len(), report.records.len());
    // no undecided claim is reported as holding
    for r in &report.records {
        if let Ok(o) = &r.outcome {
            if o.evidence.is_empty() {
                assert!(
                    !matches!(o.verdict, permlab::reproduce::Verdict::Holds),
                    "{}",
                    r.id
                );
            }
        }
    }
}
