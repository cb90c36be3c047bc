; ModuleID = 'm_three_exits.scalar.ll'
source_filename = "c/multi.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local range(i64 0, 4) i64 @m_three_exits(ptr noundef readonly captures(none) %0, i64 noundef %1, i32 noundef %2, i32 noundef %3, i32 noundef %4) local_unnamed_addr #0 {
  %6 = icmp sgt i64 %1, 0
  br i1 %6, label %7, label %22

7:                                                ; preds = %5
  br label %11

8:                                                ; preds = %18
  %9 = add nuw nsw i64 %12, 1
  %10 = icmp eq i64 %9, %1
  br i1 %10, label %20, label %11, !llvm.loop !9

11:                                               ; preds = %8, %7
  %12 = phi i64 [ %9, %8 ], [ 0, %7 ]
  %13 = getelementptr inbounds nuw i32, ptr %0, i64 %12
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = icmp eq i32 %14, %2
  br i1 %15, label %20, label %16

16:                                               ; preds = %11
  %17 = icmp eq i32 %14, %3
  br i1 %17, label %20, label %18

18:                                               ; preds = %16
  %19 = icmp eq i32 %14, %4
  br i1 %19, label %20, label %8

20:                                               ; preds = %18, %16, %11, %8
  %21 = phi i64 [ 0, %8 ], [ 2, %16 ], [ 3, %18 ], [ 1, %11 ]
  br label %22

22:                                               ; preds = %20, %5
  %23 = phi i64 [ 0, %5 ], [ %21, %20 ]
  ret i64 %23
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
