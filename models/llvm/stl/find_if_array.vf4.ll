; ModuleID = 'find_if_array.scalar.ll'
source_filename = "c/find_if_array.cpp"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable
define dso_local range(i64 -2305843009213693952, 2305843009213693952) i64 @find_if_array(ptr noundef nonnull align 4 dereferenceable(256) %0) local_unnamed_addr #0 {
  %2 = getelementptr inbounds nuw i8, ptr %0, i64 256
  br label %3

3:                                                ; preds = %20, %1
  %4 = phi i64 [ %22, %20 ], [ 16, %1 ]
  %5 = phi ptr [ %21, %20 ], [ %0, %1 ]
  %6 = load i32, ptr %5, align 4, !tbaa !5
  %7 = icmp slt i32 %6, 0
  br i1 %7, label %33, label %8

8:                                                ; preds = %3
  %9 = getelementptr inbounds nuw i8, ptr %5, i64 4
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp slt i32 %10, 0
  br i1 %11, label %24, label %12

12:                                               ; preds = %8
  %13 = getelementptr inbounds nuw i8, ptr %5, i64 8
  %14 = load i32, ptr %13, align 4, !tbaa !5
  %15 = icmp slt i32 %14, 0
  br i1 %15, label %27, label %16

16:                                               ; preds = %12
  %17 = getelementptr inbounds nuw i8, ptr %5, i64 12
  %18 = load i32, ptr %17, align 4, !tbaa !5
  %19 = icmp slt i32 %18, 0
  br i1 %19, label %30, label %20

20:                                               ; preds = %16
  %21 = getelementptr inbounds nuw i8, ptr %5, i64 16
  %22 = add nsw i64 %4, -1
  %23 = icmp samesign ugt i64 %4, 1
  br i1 %23, label %3, label %33, !llvm.loop !9

24:                                               ; preds = %8
  %25 = phi ptr [ %5, %8 ]
  %26 = getelementptr inbounds nuw i8, ptr %25, i64 4
  br label %35

27:                                               ; preds = %12
  %28 = phi ptr [ %5, %12 ]
  %29 = getelementptr inbounds nuw i8, ptr %28, i64 8
  br label %35

30:                                               ; preds = %16
  %31 = phi ptr [ %5, %16 ]
  %32 = getelementptr inbounds nuw i8, ptr %31, i64 12
  br label %35

33:                                               ; preds = %20, %3
  %34 = phi ptr [ %2, %20 ], [ %5, %3 ]
  br label %35

35:                                               ; preds = %33, %30, %27, %24
  %36 = phi ptr [ %29, %27 ], [ %32, %30 ], [ %26, %24 ], [ %34, %33 ]
  %37 = ptrtoint ptr %36 to i64
  %38 = ptrtoint ptr %0 to i64
  %39 = sub i64 %37, %38
  %40 = ashr exact i64 %39, 2
  ret i64 %40
}

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!8 = !{!"Simple C++ TBAA"}
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
