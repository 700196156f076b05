// FlowLayout wraps its items onto more lines as the width shrinks, its
// minimum width is its widest item, and a stretch pushes later items right.
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QWidget>

#include "common/flow_layout.h"
#include "gui_test_main.h"

using ls::ui::FlowLayout;

class TestFlowLayout : public QObject {
  Q_OBJECT
private slots:
  void wrapsAndKeepsItsWidestItem() {
    QWidget host;
    auto *flow = new FlowLayout(&host, 6, 4);
    flow->setContentsMargins(0, 0, 0, 0);
    auto *a = new QPushButton(QStringLiteral("a"), &host);
    auto *b = new QPushButton(QStringLiteral("b"), &host);
    auto *c = new QPushButton(QStringLiteral("c"), &host);
    for (QPushButton *p : {a, b, c})
      p->setFixedSize(100, 20);
    flow->addWidget(a);
    flow->addWidget(b);
    flow->addStretch();
    flow->addWidget(c);
    QCOMPARE(flow->minimumSize(), QSize(100, 20));
    QCOMPARE(flow->sizeHint(), QSize(312, 20));
    QCOMPARE(flow->lineCount(400), 1);
    QCOMPARE(flow->lineCount(312), 1);
    QCOMPARE(flow->lineCount(311), 2);
    QCOMPARE(flow->lineCount(206), 2);
    QCOMPARE(flow->lineCount(205), 3);
    QCOMPARE(flow->lineCount(150), 3);
    QCOMPARE(flow->heightForWidth(150), 3 * 20 + 2 * 4);
    // One line of 400 px: a and b at the left, c pushed to the right end.
    flow->setGeometry(QRect(0, 0, 400, 20));
    QCOMPARE(a->geometry(), QRect(0, 0, 100, 20));
    QCOMPARE(b->geometry(), QRect(106, 0, 100, 20));
    QCOMPARE(c->geometry(), QRect(300, 0, 100, 20));
    // 250 px: c moves to a second line.
    flow->setGeometry(QRect(0, 0, 250, 44));
    QCOMPARE(c->geometry(), QRect(0, 24, 100, 20));
    // A hidden item takes no room.
    b->hide();
    QCOMPARE(flow->lineCount(250), 1);
  }

  // A line edit (minimum 50, preferred wider) gives way before the line
  // wraps, and takes its preferred width back when there is room.
  void shrinksBeforeWrapping() {
    QWidget host;
    auto *flow = new FlowLayout(&host, 6, 4);
    flow->setContentsMargins(0, 0, 0, 0);
    auto *a = new QPushButton(QStringLiteral("a"), &host);
    a->setFixedSize(100, 20);
    auto *edit = new QLineEdit(&host);
    edit->setMinimumWidth(50);
    auto *b = new QPushButton(QStringLiteral("b"), &host);
    b->setFixedSize(100, 20);
    flow->addWidget(a);
    flow->addWidget(edit);
    flow->addWidget(b);
    const int pref = edit->sizeHint().width();
    QVERIFY(pref > 60);
    QCOMPARE(flow->lineCount(262), 1); // 100 + 6 + 50 + 6 + 100
    QCOMPARE(flow->lineCount(261), 2);
    flow->setGeometry(QRect(0, 0, 262, 30));
    QCOMPARE(edit->geometry().width(), 50);
    QCOMPARE(b->geometry().x(), 162);
    flow->setGeometry(QRect(0, 0, 212 + pref + 40, 30));
    QCOMPARE(edit->geometry().width(), pref);
    QCOMPARE(b->geometry().x(), 112 + pref);
  }
};

LS_GUI_TEST_MAIN(TestFlowLayout)
#include "tst_flow_layout.moc"
