; ModuleID = 'count_known.scalar.ll'
source_filename = "c/count_known.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@known = dso_local local_unnamed_addr global [32 x i16] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local i64 @count_known(ptr noundef readonly captures(none) %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = icmp sgt i64 %1, 0
  br i1 %3, label %4, label %12

4:                                                ; preds = %2
  br label %5

5:                                                ; preds = %22, %4
  %6 = phi i64 [ %26, %22 ], [ 0, %4 ]
  %7 = phi i64 [ %25, %22 ], [ 0, %4 ]
  %8 = getelementptr inbounds nuw i16, ptr %0, i64 %6
  %9 = load i16, ptr %8, align 2, !tbaa !9
  br label %14

10:                                               ; preds = %22
  %11 = phi i64 [ %25, %22 ]
  br label %12

12:                                               ; preds = %10, %2
  %13 = phi i64 [ 0, %2 ], [ %11, %10 ]
  ret i64 %13

14:                                               ; preds = %14, %5
  %15 = phi i64 [ 0, %5 ], [ %19, %14 ]
  %16 = getelementptr inbounds nuw i16, ptr @known, i64 %15
  %17 = load i16, ptr %16, align 2, !tbaa !9
  %18 = icmp eq i16 %17, %9
  %19 = add nuw nsw i64 %15, 1
  %20 = icmp eq i64 %19, 32
  %21 = select i1 %18, i1 true, i1 %20
  br i1 %21, label %22, label %14, !llvm.loop !11

22:                                               ; preds = %14
  %23 = phi i1 [ %18, %14 ]
  %24 = zext i1 %23 to i64
  %25 = add nuw nsw i64 %7, %24
  %26 = add nuw nsw i64 %6, 1
  %27 = icmp eq i64 %26, %1
  br i1 %27, label %10, label %5, !llvm.loop !14
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!9 = !{!10, !10, i64 0}
!10 = !{!"short", !7, i64 0}
!11 = distinct !{!11, !12, !13}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = distinct !{!14, !12, !13}
