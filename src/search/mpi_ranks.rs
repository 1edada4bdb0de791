//! [`Ranks`] over MPI (feature `mpi`): the ranks of `MPI_COMM_WORLD` through the
//! `mpi` crate (rsmpi), for [`super::distributed::distributed_bfs`] under `mpirun`
//! or Slurm's `srun`. The exchange is `MPI_Alltoall` of the counts followed by
//! `MPI_Alltoallv` of the indices; the reductions are `MPI_Allreduce`.

use super::distributed::Ranks;
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use mpi::Count;

/// The ranks of the MPI world communicator. Create one per process with
/// [`MpiRanks::init`] and keep it alive for the whole computation (dropping it
/// finalises MPI).
pub struct MpiRanks {
    _universe: mpi::environment::Universe,
    world: SimpleCommunicator,
}

impl MpiRanks {
    /// Initialises MPI (once per process); `None` if it was initialised before.
    pub fn init() -> Option<MpiRanks> {
        let universe = mpi::initialize()?;
        let world = universe.world();
        Some(MpiRanks {
            _universe: universe,
            world,
        })
    }

    fn reduce(&self, x: u64, op: SystemOperation) -> u64 {
        let mut out = 0u64;
        self.world.all_reduce_into(&x, &mut out, op);
        out
    }

    /// `MPI_Alltoall` of the counts, then `MPI_Alltoallv` of the values: what every
    /// rank sent to this one, concatenated in rank order.
    fn all_to_all_v(&self, outgoing: &[Vec<u64>]) -> Vec<u64> {
        let n = self.size();
        let send_counts: Vec<Count> = outgoing
            .iter()
            .map(|v| Count::try_from(v.len()).expect("a batch fits an MPI count"))
            .collect();
        let mut recv_counts: Vec<Count> = vec![0; n];
        self.world
            .all_to_all_into(&send_counts[..], &mut recv_counts[..]);
        let displs = |counts: &[Count]| -> Vec<Count> {
            counts
                .iter()
                .scan(0, |acc, &c| {
                    let d = *acc;
                    *acc += c;
                    Some(d)
                })
                .collect()
        };
        let send: Vec<u64> = outgoing.concat();
        let send_displs = displs(&send_counts);
        let recv_displs = displs(&recv_counts);
        let total: usize = recv_counts.iter().map(|&c| c as usize).sum();
        let mut recv = vec![0u64; total];
        let sp = Partition::new(&send[..], &send_counts[..], &send_displs[..]);
        let mut rp = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
        self.world.all_to_all_varcount_into(&sp, &mut rp);
        recv
    }
}

impl Ranks for MpiRanks {
    fn rank(&self) -> usize {
        self.world.rank() as usize
    }
    fn size(&self) -> usize {
        self.world.size() as usize
    }
    fn exchange(&self, outgoing: &[Vec<u64>]) -> Vec<u64> {
        self.all_to_all_v(outgoing)
    }
    fn sum(&self, x: u64) -> u64 {
        self.reduce(x, SystemOperation::sum())
    }
    fn max(&self, x: u64) -> u64 {
        self.reduce(x, SystemOperation::max())
    }
    fn min(&self, x: u64) -> u64 {
        self.reduce(x, SystemOperation::min())
    }
    fn gather(&self, v: &[u64]) -> Vec<u64> {
        let mut out = vec![Vec::new(); self.size()];
        out[0] = v.to_vec();
        let got = self.all_to_all_v(&out);
        if self.rank() == 0 {
            got
        } else {
            Vec::new()
        }
    }
}
