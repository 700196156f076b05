// Ownership maps: forward (location -> element) and backward (element -> owners).
#include <QtTest>

#include "analysis/ownership/ownership.h"

using ls::LinearLayout;
using ls::Ownership;
using ls::S;

class TestOwnership : public QObject {
  Q_OBJECT
private slots:
  void swizzleIsABijection() {
    // 4x4 tensor; register bit0 -> dim1, lane bits -> dim0 with swizzle.
    LinearLayout l({{S("register"), {{0, 1}, {0, 2}}}, {S("lane"), {{1, 1}, {2, 2}}}},
                   {S("dim0"), S("dim1")});
    Ownership own(l);
    QCOMPARE(own.numElements(), 16);
    QCOMPARE(own.replication(), 1);
    // lane 3, register 1 -> (3, 1 ^ 3) = (3, 2) -> flat 3*4+2 = 14
    uint64_t loc = own.packLocation({1, 3});
    QCOMPARE(own.elementAt(loc), uint64_t{14});
    QCOMPARE(own.ownersOf(14), (std::vector<uint64_t>{loc}));
    QCOMPARE(own.unpackElement(14), (std::vector<int64_t>{3, 2}));
  }

  void broadcastGivesEveryReplica() {
    // 8 lanes over a 4-element tensor: lane bit 2 is a broadcast.
    LinearLayout l({{S("lane"), {{1}, {2}, {0}}}}, {S("dim0")});
    Ownership own(l);
    QCOMPARE(own.replication(), 2);
    QCOMPARE(own.ownersOf(3), (std::vector<uint64_t>{3, 7}));
    QCOMPARE(own.firstOwner(3), uint64_t{3});
  }

  void tablesAgreeWithQueries() {
    LinearLayout l({{S("register"), {{0, 1}, {2, 0}}},
                    {S("lane"), {{0, 2}, {1, 0}, {0, 0}}},
                    {S("warp"), {{4, 0}}}},
                   {S("dim0"), S("dim1")});
    Ownership own(l);
    auto elems = own.elementTable();
    QCOMPARE(elems.size(), size_t{64});
    for (uint64_t loc = 0; loc < 64; ++loc)
      QCOMPARE(uint64_t{elems[loc]}, own.elementAt(loc));
    auto first = own.firstOwnerTable();
    QCOMPARE(first.size(), size_t{32});
    for (uint64_t e = 0; e < 32; ++e) {
      QCOMPARE(own.elementAt(first[e]), e);
      QCOMPARE(own.ownersOf(e).size(), size_t{2});
    }
  }

  void nonSurjectiveElementsHaveNoOwner() {
    LinearLayout l({{S("register"), {{2}}}}, LinearLayout::DimSizes{{"dim0", 4}}, false);
    Ownership own(l);
    QVERIFY(own.ownersOf(1).empty());
    QCOMPARE(own.ownersOf(2), (std::vector<uint64_t>{1}));
    QCOMPARE(own.replication(), 0);
  }
};

QTEST_GUILESS_MAIN(TestOwnership)
#include "tst_ownership.moc"
